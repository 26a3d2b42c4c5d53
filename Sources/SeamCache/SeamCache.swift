// The SeamCache module. Sources land here; see README.md.
