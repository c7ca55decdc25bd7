// This file is gen/acp/v1/session/fold_table.go as acpgen generates it, so
// that the runtime compiles and is tested here against gen/acp/v1; it is
// not copied (templates.Manifest), and TestV1TableIsGenerated keeps the two equal.

package session

import (
	"context"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Notification is the params of session/update: one update of one session.
type Notification = acp.SessionNotification

// folds is what each session update does to a session's State, by the wire
// name of its variant (sessionUpdate); the rest are kept in State.Other.
var folds = map[string]foldRow{
	"user_message_chunk":        {op: foldChunk},
	"agent_message_chunk":       {op: foldChunk},
	"agent_thought_chunk":       {op: foldChunk},
	"tool_call":                 {op: foldToolCall, key: "toolCallId"},
	"tool_call_update":          {op: foldToolCallUpdate, key: "toolCallId"},
	"plan":                      {op: foldPlan},
	"available_commands_update": {op: foldReplace},
	"current_mode_update":       {op: foldReplace},
	"config_option_update":      {op: foldReplace},
	"session_info_update":       {op: foldReplace},
	"usage_update":              {op: foldReplace},
}

// updateTag returns the wire name of the variant u; "" for one of an
// unstable feature or not known.
func updateTag(u acp.SessionUpdateValue) string {
	switch u.(type) {
	case *acp.SessionUpdateUserMessageChunk:
		return "user_message_chunk"
	case *acp.SessionUpdateAgentMessageChunk:
		return "agent_message_chunk"
	case *acp.SessionUpdateAgentThoughtChunk:
		return "agent_thought_chunk"
	case *acp.SessionUpdateToolCall:
		return "tool_call"
	case *acp.SessionUpdateToolCallUpdate:
		return "tool_call_update"
	case *acp.SessionUpdatePlan:
		return "plan"
	case *acp.SessionUpdateAvailableCommandsUpdate:
		return "available_commands_update"
	case *acp.SessionUpdateCurrentModeUpdate:
		return "current_mode_update"
	case *acp.SessionUpdateConfigOptionUpdate:
		return "config_option_update"
	case *acp.SessionUpdateSessionInfoUpdate:
		return "session_info_update"
	case *acp.SessionUpdateUsageUpdate:
		return "usage_update"
	case *acp.SessionUpdateNotice:
		return "notice"
	case *acp.SessionUpdateCompactionUpdate:
		return "compaction_update"
	case *acp.SessionUpdateCompactionSummaryChunk:
		return "compaction_summary_chunk"
	}
	return ""
}

// chunkOf returns the message id and content of a message chunk.
func chunkOf(u acp.SessionUpdateValue) (string, acp.ContentBlock, bool) {
	switch v := u.(type) {
	case *acp.SessionUpdateUserMessageChunk:
		return idOf(v.MessageID), v.Content, true
	case *acp.SessionUpdateAgentMessageChunk:
		return idOf(v.MessageID), v.Content, true
	case *acp.SessionUpdateAgentThoughtChunk:
		return idOf(v.MessageID), v.Content, true
	case *acp.SessionUpdateCompactionSummaryChunk:
		return "", v.Content, true
	}
	return "", acp.ContentBlock{}, false
}

// sendCancel sends the notification that cancels the session's prompt.
func sendCancel(ctx context.Context, c *acp.ClientConn, id acp.SessionID) error {
	return c.SessionCancel(ctx, &acp.CancelNotification{SessionID: id})
}
