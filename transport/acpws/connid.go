package acpws

// HeaderConnectionID is the header of the upgrade's answer that carries
// the connection's id.
const HeaderConnectionID = "Acp-Connection-Id"
