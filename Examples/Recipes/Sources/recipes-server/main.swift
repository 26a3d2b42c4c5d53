import FlyingFox
print("server")
