// The SeamArchitecture module. Sources land here; see README.md.
