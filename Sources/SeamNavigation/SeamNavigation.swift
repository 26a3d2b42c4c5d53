// The SeamNavigation module. Sources land here; see README.md.
