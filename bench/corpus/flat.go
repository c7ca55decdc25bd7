package corpus

// The baseline: flat structs with plain encoding/json tags and no custom
// marshalers, able to hold every line of the test streams. Each version has
// one notification struct whose update struct has every member any update
// variant in the stream can carry, as optional fields; ContentBlock,
// ToolCallContent and Content are merged into one flat content struct
// (nested for ToolCallContent{type:"content"}).
//
// The one member that cannot be flattened is "content": an object (a
// ContentBlock or, in v2, a ToolCallContent) in chunk updates but an array
// of ToolCallContent in tool_call / tool_call_update. encoding/json cannot
// decode both into one field without a custom unmarshaler, so the update
// struct is generic in the type of that one field and the benchmark picks
// the instantiation per line from the sessionUpdate value it already knows
// (see ArrayContent). The baseline therefore does not pay for finding the
// discriminator, which acpgen does; it is the "shape known in advance"
// lower bound that the issue asks unions to match. The notification struct
// is generic in the type of its whole update, so that a type defined from
// an instantiated update can stand in for it: bench/peers' easyjson types
// are made that way, as easyjson's generator cannot name an instantiated
// generic type in the code it writes.
//
// To be as cheap as plain structs can be, scalars are plain values with
// omitempty (no pointers), so the baseline cannot tell an absent member from
// a zero one ("text":"", "used":0, "line":0 would be dropped on re-encode;
// the test streams have none). acpgen keeps that distinction, which costs it
// a pointer, i.e. an allocation, per optional scalar that is present.

import "encoding/json"

// ContentField is the type of the update's "content" member.
type ContentField[C any] interface {
	*C | []C
}

// ---- v1 ----

// V1FlatNotification is the params object; U is a V1FlatUpdate (or a
// type defined from one).
type V1FlatNotification[U any] struct {
	SessionID string          `json:"sessionId"`
	Update    U               `json:"update"`
	Meta      json.RawMessage `json:"_meta,omitempty"`
}

type V1FlatUpdate[C ContentField[V1FlatContent]] struct {
	SessionUpdate string `json:"sessionUpdate"`

	// user/agent message and thought chunks (ContentChunk)
	Content   C      `json:"content,omitempty"`
	MessageID string `json:"messageId,omitempty"`

	// tool_call, tool_call_update
	ToolCallID string           `json:"toolCallId,omitempty"`
	Title      string           `json:"title,omitempty"`
	Name       string           `json:"name,omitempty"`
	Kind       string           `json:"kind,omitempty"`
	Status     string           `json:"status,omitempty"`
	Locations  []V1FlatLocation `json:"locations,omitempty"`
	RawInput   json.RawMessage  `json:"rawInput,omitempty"`
	RawOutput  json.RawMessage  `json:"rawOutput,omitempty"`

	// plan
	Entries []V1FlatPlanEntry `json:"entries,omitempty"`

	// usage_update
	Used uint64      `json:"used,omitempty"`
	Size uint64      `json:"size,omitempty"`
	Cost *V1FlatCost `json:"cost,omitempty"`

	// current_mode_update, session_info_update
	CurrentModeID string `json:"currentModeId,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

// V1FlatContent is ContentBlock ∪ ToolCallContent.
type V1FlatContent struct {
	Type string `json:"type"`

	// text
	Text        string             `json:"text,omitempty"`
	Annotations *V1FlatAnnotations `json:"annotations,omitempty"`
	// image, audio, resource_link
	Data     string `json:"data,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	URI      string `json:"uri,omitempty"`

	// ToolCallContent "content"
	Content *V1FlatContent `json:"content,omitempty"`
	// ToolCallContent "diff"
	Path    string `json:"path,omitempty"`
	OldText string `json:"oldText,omitempty"`
	NewText string `json:"newText,omitempty"`
	// ToolCallContent "terminal"
	TerminalID string `json:"terminalId,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

type V1FlatAnnotations struct {
	Audience     []string `json:"audience,omitempty"`
	LastModified string   `json:"lastModified,omitempty"`
	Priority     *float64 `json:"priority,omitempty"`
}

type V1FlatLocation struct {
	Path string          `json:"path"`
	Line uint32          `json:"line,omitempty"`
	Meta json.RawMessage `json:"_meta,omitempty"`
}

type V1FlatPlanEntry struct {
	Content  string          `json:"content"`
	Priority string          `json:"priority"`
	Status   string          `json:"status"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

type V1FlatCost struct {
	Amount   float64         `json:"amount"`
	Currency string          `json:"currency"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// ---- v2 ----

// V2FlatNotification is the params object; U is a V2FlatUpdate (or a
// type defined from one).
type V2FlatNotification[U any] struct {
	SessionID string          `json:"sessionId"`
	Update    U               `json:"update"`
	Meta      json.RawMessage `json:"_meta,omitempty"`
}

type V2FlatUpdate[C ContentField[V2FlatContent]] struct {
	SessionUpdate string `json:"sessionUpdate"`

	// message/thought chunks (ContentChunk), tool_call_content_chunk
	MessageID string `json:"messageId,omitempty"`
	Content   C      `json:"content,omitempty"`

	// tool_call_update, tool_call_content_chunk
	ToolCallID   string           `json:"toolCallId,omitempty"`
	Name         string           `json:"name,omitempty"`
	Title        string           `json:"title,omitempty"`
	Kind         string           `json:"kind,omitempty"`
	Status       string           `json:"status,omitempty"`
	Locations    []V2FlatLocation `json:"locations,omitempty"`
	RawInput     json.RawMessage  `json:"rawInput,omitempty"`
	RawOutput    json.RawMessage  `json:"rawOutput,omitempty"`
	Capabilities json.RawMessage  `json:"capabilities,omitempty"`

	// plan_update
	Plan *V2FlatPlan `json:"plan,omitempty"`

	// usage_update
	Used uint64      `json:"used,omitempty"`
	Size uint64      `json:"size,omitempty"`
	Cost *V2FlatCost `json:"cost,omitempty"`

	// state_update
	State      string            `json:"state,omitempty"`
	StopReason string            `json:"stopReason,omitempty"`
	Background []json.RawMessage `json:"background,omitempty"`
	Error      json.RawMessage   `json:"error,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

// V2FlatContent is ContentBlock ∪ ToolCallContent.
type V2FlatContent struct {
	Type string `json:"type"`

	// text
	Text        string             `json:"text,omitempty"`
	Annotations *V2FlatAnnotations `json:"annotations,omitempty"`
	// image, audio, resource_link
	Data     string `json:"data,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	URI      string `json:"uri,omitempty"`

	// ToolCallContent "content"
	Content *V2FlatContent `json:"content,omitempty"`
	// ToolCallContent "diff"
	Changes []V2FlatDiffChange `json:"changes,omitempty"`
	Patch   *V2FlatDiffPatch   `json:"patch,omitempty"`
	// ToolCallContent "terminal"
	TerminalID string `json:"terminalId,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

type V2FlatAnnotations struct {
	Audience     []string `json:"audience,omitempty"`
	LastModified string   `json:"lastModified,omitempty"`
	Priority     *float64 `json:"priority,omitempty"`
}

type V2FlatDiffChange struct {
	Operation string          `json:"operation"`
	Path      string          `json:"path"`
	OldPath   string          `json:"oldPath,omitempty"`
	FileType  string          `json:"fileType,omitempty"`
	MimeType  string          `json:"mimeType,omitempty"`
	Meta      json.RawMessage `json:"_meta,omitempty"`
}

type V2FlatDiffPatch struct {
	Format string          `json:"format"`
	Text   string          `json:"text"`
	Meta   json.RawMessage `json:"_meta,omitempty"`
}

type V2FlatLocation struct {
	Path string          `json:"path"`
	Line uint32          `json:"line,omitempty"`
	Meta json.RawMessage `json:"_meta,omitempty"`
}

type V2FlatPlan struct {
	Type    string            `json:"type"`
	PlanID  string            `json:"planId"`
	Entries []V2FlatPlanEntry `json:"entries"`
	Meta    json.RawMessage   `json:"_meta,omitempty"`
}

type V2FlatPlanEntry struct {
	Content  string          `json:"content"`
	Priority string          `json:"priority"`
	Status   string          `json:"status"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

type V2FlatCost struct {
	Amount   float64         `json:"amount"`
	Currency string          `json:"currency"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// The two instantiations per version.
type (
	V1FlatUpdateObj = V1FlatUpdate[*V1FlatContent]  // content is an object (or absent)
	V1FlatUpdateArr = V1FlatUpdate[[]V1FlatContent] // content is an array
	V2FlatUpdateObj = V2FlatUpdate[*V2FlatContent]
	V2FlatUpdateArr = V2FlatUpdate[[]V2FlatContent]

	V1FlatObj = V1FlatNotification[V1FlatUpdateObj]
	V1FlatArr = V1FlatNotification[V1FlatUpdateArr]
	V2FlatObj = V2FlatNotification[V2FlatUpdateObj]
	V2FlatArr = V2FlatNotification[V2FlatUpdateArr]
)

// ArrayContent says which instantiation holds an update of this kind: true
// for the variants whose "content" is an array (V1FlatArr, V2FlatArr).
func ArrayContent(sessionUpdate string) (array bool) {
	return sessionUpdate == "tool_call" || sessionUpdate == "tool_call_update"
}
