// The SeamConfiguration module. Sources land here; see README.md.
