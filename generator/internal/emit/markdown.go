package emit

import (
	"regexp"
	"strings"
)

// The schema's descriptions are Markdown; doc comments are Go doc syntax
// (go.dev/doc/comment). goDoc rewrites the Markdown a description uses so
// that go doc and pkg.go.dev show it as meant:
//
//   - list items ("- x", "* x", "1. x") are indented, as Go doc lists are,
//     with their continuation lines, and set off by blank lines;
//   - headings ("## X") become Go doc headings ("# X");
//   - fenced code blocks become indented code blocks;
//   - links [text](url) become [text] with a link definition at the end;
//     <url> becomes the bare URL, which Go doc links by itself;
//   - backslash escapes (\[1\]) and strong emphasis (**x**) lose their
//     markup.
//
// Inline code (`x`) is left as it is: Go doc has no code spans, and the
// backquotes read well enough as they are. goDocParts returns the link
// definitions apart, for the end of the comment.
func goDocParts(md string) (text, linkDefs string) {
	var (
		out    []string
		defs   []string
		urls   = map[string]string{}
		inList bool
		inCode bool
	)
	blank := func() {
		if len(out) > 0 && out[len(out)-1] != "" {
			out = append(out, "")
		}
	}
	for _, line := range strings.Split(md, "\n") {
		line = strings.TrimRight(line, " \t")
		trimmed := strings.TrimLeft(line, " \t")
		if strings.HasPrefix(trimmed, "```") {
			if !inCode {
				blank()
			} else {
				out = append(out, "")
			}
			inCode, inList = !inCode, false
			continue
		}
		if inCode {
			if line == "" {
				out = append(out, "")
			} else {
				out = append(out, "\t"+line)
			}
			continue
		}
		if line == "" {
			inList = false
			blank()
			continue
		}
		line = inline(line, urls, &defs)
		trimmed = strings.TrimLeft(line, " \t")
		if m := mdHeading.FindStringSubmatch(line); m != nil {
			blank()
			out = append(out, "# "+m[1], "")
			inList = false
			continue
		}
		if m := mdListItem.FindStringSubmatch(line); m != nil {
			if !inList {
				blank()
			}
			depth := len(strings.ReplaceAll(m[1], "\t", "  ")) / 2
			marker := m[2]
			if marker == "*" || marker == "+" {
				marker = "-"
			}
			out = append(out, strings.Repeat("  ", depth+1)+marker+" "+m[3])
			inList = true
			continue
		}
		if inList {
			out = append(out, "    "+trimmed) // continues the item above
			continue
		}
		out = append(out, line)
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	return strings.Join(out, "\n"), strings.Join(defs, "\n")
}

// goDoc is goDocParts with the link definitions after the text.
func goDoc(md string) string {
	text, defs := goDocParts(md)
	return joinParagraphs(text, defs)
}

// joinParagraphs joins the non-empty texts with blank lines.
func joinParagraphs(texts ...string) string {
	var out []string
	for _, t := range texts {
		if t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n\n")
}

var (
	mdHeading  = regexp.MustCompile(`^#{1,6}\s+(.+?)\s*#*$`)
	mdListItem = regexp.MustCompile(`^(\s*)([-*+]|\d+[.)])\s+(.*)$`)
	mdLink     = regexp.MustCompile(`\[([^\[\]]+)\]\(([^()\s]+)\)`)
	mdAutoLink = regexp.MustCompile(`<(https?://[^<>\s]+)>`)
	mdStrong   = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	mdEscape   = regexp.MustCompile("\\\\([\\\\`*_{}\\[\\]()#+\\-.!<>|])")
)

// inline rewrites the Markdown within one line outside code spans: links
// (recording their definitions in defs, one per text; a text already
// defined with another URL keeps the URL in parentheses), autolinks,
// strong emphasis and escapes.
func inline(line string, urls map[string]string, defs *[]string) string {
	parts := strings.Split(line, "`")
	for i := 0; i < len(parts); i += 2 { // even parts are outside code spans
		p := mdLink.ReplaceAllStringFunc(parts[i], func(link string) string {
			m := mdLink.FindStringSubmatch(link)
			text, url := mdEscape.ReplaceAllString(m[1], "$1"), m[2]
			switch have, ok := urls[text]; {
			case !ok:
				urls[text] = url
				*defs = append(*defs, "["+text+"]: "+url)
			case have != url:
				return text + " (" + url + ")"
			}
			return "[" + text + "]"
		})
		p = mdAutoLink.ReplaceAllString(p, "$1")
		p = mdStrong.ReplaceAllString(p, "$1")
		parts[i] = mdEscape.ReplaceAllString(p, "$1")
	}
	return strings.Join(parts, "`")
}
