package bench

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
// (see baselineShape). The baseline therefore does not pay for finding the
// discriminator, which acpgen does; it is the "shape known in advance"
// lower bound that the issue asks unions to match.
//
// To be as cheap as plain structs can be, scalars are plain values with
// omitempty (no pointers), so the baseline cannot tell an absent member from
// a zero one ("text":"", "used":0, "line":0 would be dropped on re-encode;
// the test streams have none). acpgen keeps that distinction, which costs it
// a pointer, i.e. an allocation, per optional scalar that is present.

import "encoding/json"

// contentField is the type of the update's "content" member.
type contentField[C any] interface {
	*C | []C
}

// ---- v1 ----

type v1FlatNotification[C contentField[v1FlatContent]] struct {
	SessionID string          `json:"sessionId"`
	Update    v1FlatUpdate[C] `json:"update"`
	Meta      json.RawMessage `json:"_meta,omitempty"`
}

type v1FlatUpdate[C contentField[v1FlatContent]] struct {
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
	Locations  []v1FlatLocation `json:"locations,omitempty"`
	RawInput   json.RawMessage  `json:"rawInput,omitempty"`
	RawOutput  json.RawMessage  `json:"rawOutput,omitempty"`

	// plan
	Entries []v1FlatPlanEntry `json:"entries,omitempty"`

	// usage_update
	Used uint64      `json:"used,omitempty"`
	Size uint64      `json:"size,omitempty"`
	Cost *v1FlatCost `json:"cost,omitempty"`

	// current_mode_update, session_info_update
	CurrentModeID string `json:"currentModeId,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

// v1FlatContent is ContentBlock ∪ ToolCallContent.
type v1FlatContent struct {
	Type string `json:"type"`

	// text
	Text        string             `json:"text,omitempty"`
	Annotations *v1FlatAnnotations `json:"annotations,omitempty"`
	// image, audio, resource_link
	Data     string `json:"data,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	URI      string `json:"uri,omitempty"`

	// ToolCallContent "content"
	Content *v1FlatContent `json:"content,omitempty"`
	// ToolCallContent "diff"
	Path    string `json:"path,omitempty"`
	OldText string `json:"oldText,omitempty"`
	NewText string `json:"newText,omitempty"`
	// ToolCallContent "terminal"
	TerminalID string `json:"terminalId,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

type v1FlatAnnotations struct {
	Audience     []string `json:"audience,omitempty"`
	LastModified string   `json:"lastModified,omitempty"`
	Priority     *float64 `json:"priority,omitempty"`
}

type v1FlatLocation struct {
	Path string          `json:"path"`
	Line uint32          `json:"line,omitempty"`
	Meta json.RawMessage `json:"_meta,omitempty"`
}

type v1FlatPlanEntry struct {
	Content  string          `json:"content"`
	Priority string          `json:"priority"`
	Status   string          `json:"status"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

type v1FlatCost struct {
	Amount   float64         `json:"amount"`
	Currency string          `json:"currency"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// ---- v2 ----

type v2FlatNotification[C contentField[v2FlatContent]] struct {
	SessionID string          `json:"sessionId"`
	Update    v2FlatUpdate[C] `json:"update"`
	Meta      json.RawMessage `json:"_meta,omitempty"`
}

type v2FlatUpdate[C contentField[v2FlatContent]] struct {
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
	Locations    []v2FlatLocation `json:"locations,omitempty"`
	RawInput     json.RawMessage  `json:"rawInput,omitempty"`
	RawOutput    json.RawMessage  `json:"rawOutput,omitempty"`
	Capabilities json.RawMessage  `json:"capabilities,omitempty"`

	// plan_update
	Plan *v2FlatPlan `json:"plan,omitempty"`

	// usage_update
	Used uint64      `json:"used,omitempty"`
	Size uint64      `json:"size,omitempty"`
	Cost *v2FlatCost `json:"cost,omitempty"`

	// state_update
	State      string            `json:"state,omitempty"`
	StopReason string            `json:"stopReason,omitempty"`
	Background []json.RawMessage `json:"background,omitempty"`
	Error      json.RawMessage   `json:"error,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

// v2FlatContent is ContentBlock ∪ ToolCallContent.
type v2FlatContent struct {
	Type string `json:"type"`

	// text
	Text        string             `json:"text,omitempty"`
	Annotations *v2FlatAnnotations `json:"annotations,omitempty"`
	// image, audio, resource_link
	Data     string `json:"data,omitempty"`
	MimeType string `json:"mimeType,omitempty"`
	URI      string `json:"uri,omitempty"`

	// ToolCallContent "content"
	Content *v2FlatContent `json:"content,omitempty"`
	// ToolCallContent "diff"
	Changes []v2FlatDiffChange `json:"changes,omitempty"`
	Patch   *v2FlatDiffPatch   `json:"patch,omitempty"`
	// ToolCallContent "terminal"
	TerminalID string `json:"terminalId,omitempty"`

	Meta json.RawMessage `json:"_meta,omitempty"`
}

type v2FlatAnnotations struct {
	Audience     []string `json:"audience,omitempty"`
	LastModified string   `json:"lastModified,omitempty"`
	Priority     *float64 `json:"priority,omitempty"`
}

type v2FlatDiffChange struct {
	Operation string          `json:"operation"`
	Path      string          `json:"path"`
	OldPath   string          `json:"oldPath,omitempty"`
	FileType  string          `json:"fileType,omitempty"`
	MimeType  string          `json:"mimeType,omitempty"`
	Meta      json.RawMessage `json:"_meta,omitempty"`
}

type v2FlatDiffPatch struct {
	Format string          `json:"format"`
	Text   string          `json:"text"`
	Meta   json.RawMessage `json:"_meta,omitempty"`
}

type v2FlatLocation struct {
	Path string          `json:"path"`
	Line uint32          `json:"line,omitempty"`
	Meta json.RawMessage `json:"_meta,omitempty"`
}

type v2FlatPlan struct {
	Type    string            `json:"type"`
	PlanID  string            `json:"planId"`
	Entries []v2FlatPlanEntry `json:"entries"`
	Meta    json.RawMessage   `json:"_meta,omitempty"`
}

type v2FlatPlanEntry struct {
	Content  string          `json:"content"`
	Priority string          `json:"priority"`
	Status   string          `json:"status"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

type v2FlatCost struct {
	Amount   float64         `json:"amount"`
	Currency string          `json:"currency"`
	Meta     json.RawMessage `json:"_meta,omitempty"`
}

// The two instantiations per version.
type (
	v1FlatObj = v1FlatNotification[*v1FlatContent]  // content is an object (or absent)
	v1FlatArr = v1FlatNotification[[]v1FlatContent] // content is an array
	v2FlatObj = v2FlatNotification[*v2FlatContent]
	v2FlatArr = v2FlatNotification[[]v2FlatContent]
)

// baselineShape says which instantiation holds an update of this kind: true
// for the variants whose "content" is an array.
func baselineShape(sessionUpdate string) (array bool) {
	return sessionUpdate == "tool_call" || sessionUpdate == "tool_call_update"
}
