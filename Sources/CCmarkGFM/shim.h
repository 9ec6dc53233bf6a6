// cmark-gfm (GitHub-flavoured CommonMark) with its core extensions (tables, strikethrough).
#ifndef DIKATA_CCMARKGFM_SHIM_H
#define DIKATA_CCMARKGFM_SHIM_H
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#endif
