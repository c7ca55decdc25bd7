package helpers

// The ACP values worth a helper, stated by their wire names: which union
// and tag, which members the parameters fill (or, for an accessor, which
// member it reads). This table is the only place that knows what a text
// block or a message chunk is; Build keeps an entry only when the schema has everything it names, in the shape it needs, so
// every ACP release gets the helpers its schema allows.

// textBlock is a ContentBlock holding the parameter text.
var textBlock = variant("ContentBlock", "text", with("text", param("text")))

// chunk is the session update tag holding a ContentChunk of text; where
// chunks name the message they belong to (ACP v2), the message id is a
// parameter too.
func chunk(tag string) []val {
	return []val{
		variant("SessionUpdate", tag, with("content", textBlock)),
		variant("SessionUpdate", tag, with("messageId", param("messageID")), with("content", textBlock)),
	}
}

// sameMessage ends the comment of every chunk helper: the chunks of one
// message are joined by the client.
const sameMessage = "\nThe client joins the chunks of one message."

var funcs = []fn{
	def("TextBlock", "TextBlock returns a content block holding text, the block every agent and\nclient must handle.", textBlock),
	def("ImageBlock", "ImageBlock returns a content block holding an image: data is its bytes in base64.\nAn agent accepts one in a prompt only when its prompt capabilities say image.",
		variant("ContentBlock", "image", with("data", param("data")), with("mimeType", param("mimeType")))),
	def("AudioBlock", "AudioBlock returns a content block holding audio: data is its bytes in base64.\nAn agent accepts one in a prompt only when its prompt capabilities say audio.",
		variant("ContentBlock", "audio", with("data", param("data")), with("mimeType", param("mimeType")))),
	def("ResourceLinkBlock", "ResourceLinkBlock returns a content block pointing to a resource by its URI\nwithout its content, which every agent accepts in a prompt.",
		variant("ContentBlock", "resource_link", with("uri", param("uri")), with("name", param("name")))),
	def("AgentMessageChunk", "AgentMessageChunk returns the session update that streams a piece of the\nagent's reply as text."+sameMessage, chunk("agent_message_chunk")...),
	def("AgentThoughtChunk", "AgentThoughtChunk returns the session update that streams a piece of the\nagent's reasoning as text."+sameMessage, chunk("agent_thought_chunk")...),
	def("UserMessageChunk", "UserMessageChunk returns the session update that streams a piece of the\nuser's message as text, as an agent replays a session it loads."+sameMessage, chunk("user_message_chunk")...),
	def("ToolText", "ToolText returns tool call content holding text, to show what a tool call did.",
		variant("ToolCallContent", "content", with("content", textBlock))),
	def("ToolContent", "ToolContent returns tool call content holding a content block.",
		variant("ToolCallContent", "content", with("content", param("block")))),
	def("PermissionSelected", "PermissionSelected returns the outcome of a permission request in which the\nuser chose the option with the given id.",
		variant("RequestPermissionOutcome", "selected", with("optionId", param("option")))),
	def("PermissionCancelled", "PermissionCancelled returns the outcome of a permission request the client\nanswers because the prompt turn was cancelled: the agent must stop the\ntool call.",
		variant("RequestPermissionOutcome", "cancelled")),
}

// sessionSender is bound to one session and sends its session/update
// notifications: what an agent does most during a prompt turn.
var sessionSender = senderSpec{
	name: "SessionSender",
	doc: "SessionSender sends the session/update notifications of one session, so that a\n" +
		"prompt handler states each update in one call. Get one from Session; it is a\n" +
		"small value, safe to copy and to use from several goroutines. Each method\n" +
		"returns once the notification is queued, as the connection's own method does.",
	fn:      "Session",
	fnDoc:   "Session returns the sender of session/update notifications for the session id.",
	method:  "session/update",
	bind:    "sessionId",
	payload: "update",
	send:    "Update",
	sendDoc: "Update sends any session update for the sender's session.",
	methods: []fn{
		def("Message", "Message streams a piece of the agent's reply as text (agent_message_chunk)."+sameMessage, chunk("agent_message_chunk")...),
		def("Thought", "Thought streams a piece of the agent's reasoning as text (agent_thought_chunk)."+sameMessage, chunk("agent_thought_chunk")...),
		def("UserMessage", "UserMessage streams a piece of the user's message as text\n(user_message_chunk), as an agent replays a session it loads."+sameMessage, chunk("user_message_chunk")...),
		def("ToolCall", "ToolCall reports a tool call the agent starts: the client shows it under\nthe title until updates with the same id change it.",
			variant("SessionUpdate", "tool_call", with("toolCallId", param("id")), with("title", param("title")), with("kind", param("kind"))),
			// ACP v2 has no tool_call: an update with a new id creates the tool call.
			variant("SessionUpdate", "tool_call_update", with("toolCallId", param("id")), with("title", param("title")), with("kind", param("kind")))),
		def("UpdateToolCall", "UpdateToolCall sets the status of a tool call and, when content is given,\nreplaces its content (tool_call_update); other members stay as they were.",
			variant("SessionUpdate", "tool_call_update", with("toolCallId", param("id")), with("status", param("status")), with("content", rest("content")))),
		def("Plan", "Plan sends the agent's plan (plan, or plan_update with items where plans have\nids): the entries replace the plan the client shows, so send all of them\nevery time.",
			variant("SessionUpdate", "plan", with("entries", rest("entries"))),
			// ACP v2 names plans: a plan_update holds the items of the plan with that id.
			variant("SessionUpdate", "plan_update", with("plan",
				variant("PlanUpdateContent", "items", with("planId", param("planID")), with("entries", rest("entries")))))),
	},
}

var senders = []senderSpec{sessionSender}

// accessors read the outcome of a permission request, which every agent
// that asks one must: whether the user chose an option, and which.
var accessors = []accessorSpec{
	{name: "Selected", union: "RequestPermissionOutcome", tag: "selected", member: "optionId", result: "option",
		doc: "Selected returns the id of the option the user chose and true when the\n" +
			"outcome is selected; for any other outcome, an empty id and false."},
	{name: "Cancelled", union: "RequestPermissionOutcome", tag: "cancelled",
		doc: "Cancelled reports whether the client answered because the prompt turn\n" +
			"was cancelled: the agent must then stop the tool call."},
}

// fn is a helper: its Go name, doc comment and the value it returns (or,
// for a sender's method, sends), in one or more forms: the first that the
// schema allows is the helper.
type fn struct {
	name, doc string
	forms     []val
}

func def(name, doc string, forms ...val) fn { return fn{name: name, doc: doc, forms: forms} }

// val is a parameter as it is (param), or the variant tag of the union
// with members set.
type val struct {
	param    string
	variadic bool
	union    string
	tag      string
	set      []member
}

// member fills the property json of a variant.
type member struct {
	json string
	val  val
}

// senderSpec is a sender (ir.Sender): the notification method it sends,
// the params property it binds (bind) and the one its methods fill
// (payload).
type senderSpec struct {
	name, doc, fn, fnDoc, method, bind, payload, send, sendDoc string
	methods                                                    []fn
}

// accessorSpec is an accessor (ir.Accessor): the method name of the
// union (by definition name) that reads its variant tag; with a member, it
// returns that property's value as its result named result.
type accessorSpec struct {
	name, doc, union, tag, member, result string
}

func param(name string) val { return val{param: name} }

// rest is a variadic parameter filling a list.
func rest(name string) val { return val{param: name, variadic: true} }

func variant(union, tag string, set ...member) val {
	return val{union: union, tag: tag, set: set}
}

func with(json string, v val) member { return member{json: json, val: v} }
