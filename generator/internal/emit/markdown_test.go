package emit

import "testing"

// TestGoDoc: each Markdown construct the schemas use, as Go doc syntax.
func TestGoDoc(t *testing.T) {
	tests := []struct{ name, md, want string }{
		{"plain text stays", "Line one.\nLine two.", "Line one.\nLine two."},
		{"list after a paragraph",
			"Content blocks appear in:\n- prompts\n- tool results\n  that span lines\nlazily\n\nAfter.",
			"Content blocks appear in:\n\n  - prompts\n  - tool results\n    that span lines\n    lazily\n\nAfter."},
		{"numbered and nested list",
			"The receiver:\n\n1. MAY cancel\n2. MUST reply:\n  - with a result\n  - or an error",
			"The receiver:\n\n  1. MAY cancel\n  2. MUST reply:\n    - with a result\n    - or an error"},
		{"star bullets", "* a\n* b", "  - a\n  - b"},
		{"escapes", `Null \[1\] and parts \[2\], a\_b`, "Null [1] and parts [2], a_b"},
		{"links become definitions",
			"See [Client](https://example.com/c) and [Client](https://example.com/c).",
			"See [Client] and [Client].\n\n[Client]: https://example.com/c"},
		{"one text, two URLs",
			"[docs](https://a.example) or [docs](https://b.example)",
			"[docs] or docs (https://b.example)\n\n[docs]: https://a.example"},
		{"autolink and strong", "**UNSTABLE**: see <https://example.com/x>", "UNSTABLE: see https://example.com/x"},
		{"heading", "Intro.\n## Details\nText.", "Intro.\n\n# Details\n\nText."},
		{"fenced code", "Example:\n```json\n{\"a\": 1}\n```\nDone.", "Example:\n\n\t{\"a\": 1}\n\nDone."},
		{"code spans keep their text", "Use `\\[x\\]` and `[a](b)`.", "Use `\\[x\\]` and `[a](b)`."},
	}
	for _, tt := range tests {
		if got := goDoc(tt.md); got != tt.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}
