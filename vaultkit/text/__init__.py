"""Words shared by every stage that reads text, in English and Indonesian.

- `language`: tokens, stopwords and Snowball stems of the configured languages (`Analyzer`)
- `vocabulary`: the controlled vocabulary (terms, aliases, people) and how a day's terms map to it
- `lexicon`: the words of events and statuses (decided, selesai, outage, ...): what the
  summarizer weighs, the index marks and a question's intent reads
- `frames`: whether a line says a thing happened or only jokes, asks or supposes it
- `events`: whether a sentence tells an incident, and the numbers that weigh one (a duration,
  an impact, an amount): the summary weighs a day by them and the index marks its lines
- `synonyms`: event and status words of both languages as one term ("selesai" is "finished")
- `bilingual`: English and Indonesian words that translate each other (`data/`), for a question
  in one language over notes in the other
- `secrets`: API keys, tokens, passwords and `<private>` parts taken out of captured text
  before it is written (`[REDACTED:kind]`)

May import: the core modules (`errors`, `model`, `config`, `dates`).
"""
