import FlyingSocks
import Foundation
import SeamLocking

/// A TCP server on 127.0.0.1 that speaks HTTP only as far as each test's script says: for what a
/// well-behaved server never does (drop a connection before answering) and to watch a client close
/// its connection.
final class RawServer: Sendable {
    /// One accepted connection, as the script sees it.
    struct Connection: Sendable {
        let socket: AsyncSocket

        /// Reads until the end of the request head (`\r\n\r\n`) and returns it.
        func readRequestHead() async throws -> String {
            var bytes: [UInt8] = []
            while !bytes.ends(with: Array("\r\n\r\n".utf8)) {
                bytes += try await socket.read(atMost: 1)
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Sends `text`.
        func write(_ text: String) async throws {
            try await socket.write(Data(text.utf8))
        }

        /// Sends `bytes`.
        func write(_ bytes: Data) async throws {
            try await socket.write(bytes)
        }

        /// Waits until the client closes the connection; returns how long that took.
        func waitForClientClose() async throws -> Duration {
            let start = ContinuousClock.now
            do {
                while true { _ = try await socket.read(atMost: 4096) }
            } catch SocketError.disconnected {
                return ContinuousClock.now - start
            }
        }

        func close() { try? socket.close() }
    }

    typealias Script = @Sendable (Connection) async throws -> Void

    private let listener: AsyncSocket
    private let tasks: [Task<Void, any Error>]
    let baseURL: URL

    private init(listener: AsyncSocket, tasks: [Task<Void, any Error>], port: UInt16) {
        self.listener = listener
        self.tasks = tasks
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    /// Starts a server running `script` for each connection (the connection is closed after it).
    static func start(_ script: @escaping Script) async throws -> RawServer {
        let socket = try Socket(domain: AF_INET)
        try socket.setValue(true, for: .localAddressReuse)
        try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
        try socket.listen()
        guard case .ip4(_, let port) = try socket.sockname() else { throw URLError(.cannotConnectToHost) }
        let pool: some AsyncSocketPool = .make()
        try await pool.prepare()
        let poolTask = Task { try await pool.run() }
        let listener = try AsyncSocket(socket: socket, pool: pool)
        let acceptTask = Task {
            for try await connection in listener.sockets {
                Task {
                    let wrapped = Connection(socket: connection)
                    try? await script(wrapped)
                    wrapped.close()
                }
            }
        }
        return RawServer(listener: listener, tasks: [poolTask, acceptTask], port: port)
    }

    func stop() {
        try? listener.close()
        for task in tasks { task.cancel() }
    }
}

extension Array where Element: Equatable {
    func ends(with suffix: [Element]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
