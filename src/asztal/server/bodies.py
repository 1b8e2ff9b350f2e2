"""The body every refused HTTP request answers with, as a pydantic model (for the OpenAPI page).

Kept apart from ``texts`` so that the catalogues of refusals stay free of pydantic: the offline
page (``asztal.offline``, under Pyodide) tells its refusals with the same words."""

from __future__ import annotations

from pydantic import BaseModel


class ErrorDetail(BaseModel):
    """A refusal as every route answers it (``detail``): a stable code and the reason in each language."""

    code: str
    hu: str
    en: str


class ErrorBody(BaseModel):
    detail: ErrorDetail
