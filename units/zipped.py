"""Reading a BattleScribe file that may be zipped (.catz/.gstz/.rosz hold exactly one XML file), with a size
limit checked before anything is read, and parsing it safely: one reader for catalogues and rosters, so both
refuse alike."""
from __future__ import annotations

import stat
import zipfile
from pathlib import Path
from typing import Any

from units.messages import data_refusal


def read_limited(path: Path, zipped: bool, limit: int, field: str, holds: str) -> bytes:
    """The bytes of `path` (or of the one file inside it when `zipped`), refused past `limit` bytes.
    `holds` names what a zip must hold ("XML file", ".ros file")."""
    data = _read(path, zipped, limit, field, holds)
    if len(data) > limit:
        raise data_refusal("units.err.xml_too_big", field, name=path.name, limit=limit)
    return data


def parse_xml(data: bytes, name: str, field: str) -> Any:
    """Well-formed XML with no entities, DTDs or network; tags without their namespace (BattleScribe writes
    two schema namespaces: readers compare local names only)."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise data_refusal("units.err.not_xml", field, name=name, line=exc.lineno, why=exc.msg) from exc
    for el in root.iter():
        tag = el.tag
        if isinstance(tag, str) and tag.startswith("{"):
            el.tag = tag.split("}", 1)[1]
    return root


def _read(path: Path, zipped: bool, limit: int, field: str, holds: str) -> bytes:
    name = path.name
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # opening a pipe would wait for a writer for ever
            raise data_refusal("units.err.not_regular", field, name=name)
        if not zipped:
            size = path.stat().st_size
            if size > limit:
                raise data_refusal("units.err.file_too_big", field, name=name, size=size, limit=limit)
            return path.read_bytes()
        try:
            with zipfile.ZipFile(path) as archive:
                members = [m for m in archive.infolist() if not m.is_dir()]
                if len(members) != 1:
                    raise data_refusal("units.err.zip_members", field, name=name, holds=holds, count=len(members))
                if members[0].file_size > limit:
                    raise data_refusal("units.err.unzips_to", field, name=name, member=members[0].filename,
                                       size=members[0].file_size, limit=limit)
                with archive.open(members[0]) as handle:
                    return handle.read(limit + 1)
        except zipfile.BadZipFile as exc:
            raise data_refusal("units.err.not_zip", field, name=name, why=str(exc)) from exc
    except FileNotFoundError as exc:
        raise data_refusal("units.err.no_file", field, name=str(path)) from exc
    except OSError as exc:
        raise data_refusal("units.err.unreadable", field, name=name, why=str(exc.strerror or exc)) from exc
