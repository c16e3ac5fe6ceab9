"""One tokenizer for documents and queries, in English and in Chinese, Japanese and Korean.

Ranking only works if a query and a document are cut into the same pieces, so
the index and every query call :func:`tokenize` and nothing else:

1. Unicode NFKC (full-width ``ＡＢＣ１２`` becomes ``abc12``, compatibility
   ideographs become their unified form), then ``str.casefold``.
2. The text splits into *runs*: CJK runs (Han, kana, Hangul) and word runs
   (letters and digits of every other script). Everything else — spaces,
   ASCII and CJK punctuation (``，。！？、「」《》``), symbols, underscores —
   separates runs and is dropped.
3. A word run is one token, unless it is an English stop word; a light
   plural folding (``notes`` → ``note``, ``queries`` → ``query``) lets the
   singular find the plural. Single letters are dropped; single digits kept.
4. A CJK run becomes its characters *and* its overlapping character bigrams
   (``机器学习`` → ``机 机器 器 器学 学 学习 习``), so a one-character query
   (``猫``) finds the notes that use the character in any word. A run of CJK
   and a word run touch without a space (``用Docker部署`` → ``用``, ``docker``,
   ``部``, ``部署``, ``署``): each is cut by its own rule and no token spans both.

Matching is then token equality: ``art`` never matches ``start``, and the
Chinese query ``学习`` matches a note that says ``机器学习`` (the bigram is
there). A query is cut by :func:`query_tokens`: a CJK run of two or more
characters is looked for by its bigrams only (its single characters would
match far too much), a one-character run by the character.

:data:`TOKENIZER_VERSION` changes whenever the output of :func:`tokenize`
can change, so a stored index knows it must be rebuilt.
"""

from __future__ import annotations

import functools
import operator
import re
import unicodedata
from collections import Counter

import numpy as np

__all__ = [
    "CJK_QUERY_STOP_BIGRAMS",
    "CJK_QUERY_STOP_CHARS",
    "STOP_WORDS",
    "TOKENIZER_VERSION",
    "is_cjk",
    "normalize",
    "query_tokens",
    "token_counts",
    "tokenize",
    "unique_tokens",
]

TOKENIZER_VERSION = "wsnb-unibigram-2"

# Han (with extensions and compatibility forms), iteration marks, kana and Hangul.
# The katakana middle dot U+30FB is punctuation and is left out on purpose.
_CJK = (
    "\u1100-\u11ff"  # Hangul jamo
    "\u3005\u3007"  # 々 〇
    "\u3041-\u3096\u309d-\u309f"  # hiragana
    "\u30a1-\u30fa\u30fc-\u30ff"  # katakana
    "\u3131-\u318e"  # Hangul compatibility jamo
    "\u31f0-\u31ff"  # katakana phonetic extensions
    "\u3400-\u4dbf"  # Han extension A
    "\u4e00-\u9fff"  # Han
    "\uac00-\ud7a3"  # Hangul syllables
    "\uf900-\ufaff"  # Han compatibility
    "\U00020000-\U0003134f"  # Han extensions B-G
)
_RUN = re.compile(rf"(?P<cjk>[{_CJK}]+)|(?P<word>[^\W_{_CJK}]+)")
_CJK_CHAR = re.compile(rf"[{_CJK}]")
# The two kinds of run on their own: a run of one kind is never part of the other kind,
# so finding each kind alone gives the same runs as _RUN.
_CJK_RUN = re.compile(rf"[{_CJK}]+")
_WORD_RUN = re.compile(rf"[^\W_{_CJK}]+")
_RUN_SEPARATOR = "\x00"  # never inside a run: it is neither CJK nor a word character
_NUMPY_BIGRAMS = 256  # from this many characters on, bigrams are counted with numpy

STOP_WORDS: frozenset[str] = frozenset(
    [
        "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and",
        "any", "are", "aren", "as", "at", "be", "because", "been", "before", "being", "below",
        "between", "both", "but", "by", "can", "cannot", "could", "couldn", "did", "didn", "do",
        "does", "doesn", "doing", "don", "down", "during", "each", "either", "else", "etc", "ever",
        "every", "few", "for", "from", "further", "get", "gets", "got", "had", "hadn", "has",
        "hasn", "have", "haven", "having", "he", "her", "here", "hers", "herself", "him",
        "himself", "his", "how", "however", "i", "if", "in", "into", "is", "isn", "it", "its",
        "itself", "just", "let", "ll", "me", "more", "most", "much", "must", "mustn", "my",
        "myself", "neither", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or",
        "other", "ought", "our", "ours", "ourselves", "out", "over", "own", "per", "rather", "re",
        "same", "shall", "shan", "she", "should", "shouldn", "so", "some", "such", "than", "that",
        "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this",
        "those", "through", "thus", "to", "too", "under", "until", "up", "upon", "us", "ve",
        "very", "via", "was", "wasn", "we", "were", "weren", "what", "when", "where", "which",
        "while", "who", "whom", "whose", "why", "will", "with", "within", "without", "won",
        "would", "wouldn", "yet", "you", "your", "yours", "yourself", "yourselves",
    ]
)


# Chinese particles and pronouns, and question words, left out of a query's bigrams only
# (notes are indexed whole). Characters that are glue in a question but also the heart of
# common words (是, 在, 有, 都: 但是, 现在, 没有, 京都) are not in the list.
CJK_QUERY_STOP_CHARS: frozenset[str] = frozenset("的了吗呢吧啊呀么我你他她它")
CJK_QUERY_STOP_BIGRAMS: frozenset[str] = frozenset(
    ["怎么", "什么", "如何", "多少", "哪些", "哪个", "为何", "是否", "可以", "能否", "一下",
     "一个", "我们", "你们", "他们", "时候", "上次", "之前", "以后", "为什"]
)  # fmt: skip


def normalize(text: str) -> str:
    """NFKC-normalise and case-fold ``text``: the form every token is cut from."""
    if text.isascii():  # NFKC leaves ASCII alone, and ASCII case folding is lower()
        return text.lower()
    if unicodedata.is_normalized("NFKC", text):  # a quick check; most text already is
        return text.casefold()
    return unicodedata.normalize("NFKC", text).casefold()


def is_cjk(char: str) -> bool:
    """Whether ``char`` is a Han, kana or Hangul character (after normalisation)."""
    return _CJK_CHAR.fullmatch(char) is not None


def tokenize(text: str) -> list[str]:
    """The tokens of ``text`` in reading order, repeats kept (term frequency counts them)."""
    tokens: list[str] = []
    append, word_token = tokens.append, _word_token
    for cjk, word in _RUN.findall(normalize(text)):
        if cjk:
            append(cjk[0])
            for bigram, char in zip(map(operator.add, cjk[:-1], cjk[1:]), cjk[1:], strict=True):
                append(bigram)
                append(char)
        else:
            token = word_token(word)
            if token is not None:
                append(token)
    return tokens


def query_tokens(text: str) -> list[str]:
    """The distinct tokens a query is matched with: CJK runs by their bigrams (a
    one-character run by itself), words as :func:`tokenize` cuts them.

    A question's function words are left out of a CJK run's bigrams
    (``装修的预算是多少`` → ``装修 预算 算是``): a bigram that spans ``的`` or
    ``多少`` is rare in notes, so it would weigh much and mean nothing. A run
    made only of such bigrams keeps them all (``是否`` alone is still looked for).
    """
    tokens: list[str] = []
    append, extend, word_token = tokens.append, tokens.extend, _word_token
    for cjk, word in _RUN.findall(normalize(text)):
        if cjk:
            if len(cjk) == 1:
                append(cjk)
                continue
            bigrams = list(map(operator.add, cjk[:-1], cjk[1:]))
            glue = _glue(cjk, bigrams)
            kept = [bigram for at, bigram in enumerate(bigrams)
                    if not (glue[at] or glue[at + 1])]  # fmt: skip
            extend(kept or bigrams)
        else:
            token = word_token(word)
            if token is not None:
                append(token)
    return list(dict.fromkeys(tokens))


def _glue(run: str, bigrams: list[str]) -> list[bool]:
    """Per character of a CJK run: whether it is a function character or in a question word."""
    glue = [char in CJK_QUERY_STOP_CHARS for char in run]
    for at, bigram in enumerate(bigrams):
        if bigram in CJK_QUERY_STOP_BIGRAMS:
            glue[at] = glue[at + 1] = True
    return glue


def token_counts(text: str) -> Counter[str]:
    """How often each token of ``text`` occurs: ``Counter(tokenize(text))``, made faster.

    Indexing needs only the counts, not the reading order, so the words and
    the CJK bigrams are counted in C over the whole text and the per-word
    rules (stop words, plural fold) run once per distinct word.
    """
    normalized = normalize(text)
    runs = _CJK_RUN.findall(normalized)
    # The bigrams are most of the tokens of CJK text: their Counter is the result, so they
    # are never copied; the words and the lone characters are added to it.
    counts = _bigram_counts(_RUN_SEPARATOR.join(runs)) if runs else Counter()
    word_token = _word_token
    for word, count in Counter(_WORD_RUN.findall(normalized)).items():
        token = word_token(word)
        if token is not None:
            counts[token] += count
    if runs:
        counts.update(Counter("".join(runs)))  # every CJK character is a token too
    return counts


def _bigram_counts(joined: str) -> Counter[str]:
    """The bigrams within the separated runs of ``joined``, counted.

    A long text is counted with numpy over its code points (a pair of code
    points is one 64-bit number), so only distinct bigrams become strings.
    """
    if len(joined) < _NUMPY_BIGRAMS:
        bigrams = Counter(map(operator.add, joined[:-1], joined[1:]))
    else:
        points = np.frombuffer(joined.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
        pairs, repeats = np.unique((points[:-1] << np.uint64(32)) | points[1:], return_counts=True)
        distinct = zip(pairs.tolist(), repeats.tolist(), strict=True)
        bigrams = Counter({chr(pair >> 32) + chr(pair & 0xFFFFFFFF): n for pair, n in distinct})
    for bigram in [pair for pair in bigrams if _RUN_SEPARATOR in pair]:
        del bigrams[bigram]  # a pair across two runs is not a bigram
    return bigrams


def unique_tokens(text: str) -> list[str]:
    """The distinct tokens of ``text``, in the order they first appear (for queries)."""
    return list(dict.fromkeys(tokenize(text)))


@functools.lru_cache(maxsize=1 << 16)
def _word_token(word: str) -> str | None:
    """The token of a word run; None for a stop word or a lone letter (cached: words repeat)."""
    word = _fold_plural(word)
    if word in STOP_WORDS or (len(word) == 1 and not word.isdigit()):
        return None
    return word


def _fold_plural(word: str) -> str:
    """A conservative plural fold: only ``-ies``, ``-es`` after a sibilant or ``o``, and ``-s``.

    Words ending in ``ss``, ``us``, ``is`` (``class``, ``status``, ``analysis``)
    and short words are left alone; nothing else is stemmed, so a token is
    still the word a person typed.
    """
    if len(word) <= 3 or not word.endswith("s") or not word.isalpha():
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zzes")) or (
        word.endswith("oes") and len(word) > 5
    ):
        return word[:-2]
    if word.endswith(("ss", "us", "is")):
        return word
    return word[:-1]
