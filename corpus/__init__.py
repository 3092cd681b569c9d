"""The source documents and their manifest (data only; parsed by index/)."""
from pathlib import Path

CORPUS_DIR = Path(__file__).resolve().parent
