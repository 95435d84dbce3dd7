// Placeholder until the first solution lands.
