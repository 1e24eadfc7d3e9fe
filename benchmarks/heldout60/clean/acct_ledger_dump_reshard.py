"""The privacy ledger (per-client epsilon per round) is dumped in a layout read from a TOML config."""
import tomllib

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LEDGER_TOML = """
[ledger]
train_axes = ["cohort", "param"]
dump_axes = ["param", ""]
"""


def spec_from(entries):
    return P(*[e or None for e in entries])


def load_ledger(ledger, mesh, cfg):
    return jax.device_put(ledger, NamedSharding(mesh, spec_from(cfg["train_axes"])))


def dump(ledger, cfg):
    return jax.reshard(ledger, spec_from(cfg["dump_axes"]))


def inputs():
    return (np.abs(np.random.default_rng(11).normal(size=(8, 16))).astype(np.float32),)


def main(ledger):
    cfg = tomllib.loads(LEDGER_TOML)["ledger"]
    mesh = jax.make_mesh((2, 4), tuple(cfg["train_axes"]))
    placed = load_ledger(ledger, mesh, cfg)
    with jax.set_mesh(mesh):
        return dump(placed, cfg)


if __name__ == "__main__":
    main(*inputs())
