"""Reading a BattleScribe file that may be zipped (.catz/.gstz/.rosz hold exactly one XML file), with a size
limit checked before anything is read, and parsing it safely: one reader for catalogues and rosters, so both
refuse alike."""
from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

from units.errors import UnitDataError


def read_limited(path: Path, zipped: bool, limit: int, field: str, holds: str) -> bytes:
    """The bytes of `path` (or of the one file inside it when `zipped`), refused past `limit` bytes.
    `holds` names what a zip must hold ("XML file", ".ros file")."""
    data = _read(path, zipped, limit, field, holds)
    if len(data) > limit:
        raise UnitDataError(f"{path.name}: more than {limit} bytes of XML", field)
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
        raise UnitDataError(f"{name}: not well-formed XML (line {exc.lineno}: {exc.msg})", field) from exc
    for el in root.iter():
        tag = el.tag
        if isinstance(tag, str) and tag.startswith("{"):
            el.tag = tag.split("}", 1)[1]
    return root


def _read(path: Path, zipped: bool, limit: int, field: str, holds: str) -> bytes:
    name = path.name
    try:
        if not zipped:
            size = path.stat().st_size
            if size > limit:
                raise UnitDataError(f"{name}: {size} bytes; the limit is {limit}", field)
            return path.read_bytes()
        try:
            with zipfile.ZipFile(path) as archive:
                members = [m for m in archive.infolist() if not m.is_dir()]
                if len(members) != 1:
                    raise UnitDataError(f"{name}: a zipped BattleScribe file must hold exactly one {holds}, "
                                        f"this one holds {len(members)}", field)
                if members[0].file_size > limit:
                    raise UnitDataError(f"{name}: {members[0].filename} unzips to {members[0].file_size} bytes; "
                                        f"the limit is {limit}", field)
                with archive.open(members[0]) as handle:
                    return handle.read(limit + 1)
        except zipfile.BadZipFile as exc:
            raise UnitDataError(f"{name}: not a zip file ({exc})", field) from exc
    except FileNotFoundError as exc:
        raise UnitDataError(f"{path}: no such file", field) from exc
    except OSError as exc:
        raise UnitDataError(f"{name}: cannot read the file ({exc.strerror})", field) from exc
