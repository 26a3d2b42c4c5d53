// The SeamTesting module. Sources land here; see README.md.
