// What Streamlit's page leaves in English, set in the learner's language: the document's language, which a screen
// reader chooses its voice by, and the words of the link that skips to the page's main part (shown to a keyboard).
// Streamlit draws that link once and never again, so its words stay as set here.

export default function ({ data }) {
  document.documentElement.lang = data.lang;
  const skip = document.querySelector("[data-testid='stSkipToContent']");
  if (skip && skip.textContent !== data.skip) skip.textContent = data.skip;
}
