"""Reports of conformance runs for CI and for people: JUnit XML, and a page (HTML or markdown) with the clause × implementation matrix of one or several JSON reports."""

from __future__ import annotations

from schwinget_spec.conformance.reports.junit import junit_xml
from schwinget_spec.conformance.reports.page import html_page, markdown_page, write_page
from schwinget_spec.conformance.reports.summary import (
    Cell,
    CellStatus,
    Failure,
    ReportFileError,
    RunSummary,
    load_report,
    summarise,
    summarise_readings,
)

__all__ = [
    "Cell",
    "CellStatus",
    "Failure",
    "ReportFileError",
    "RunSummary",
    "html_page",
    "junit_xml",
    "load_report",
    "markdown_page",
    "summarise",
    "summarise_readings",
    "write_page",
]
