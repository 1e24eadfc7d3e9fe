"""Transaction-sequence transformer: the position-embedding table of the card-history encoder.

Specs come from logical axis names mapped to mesh axes by the rules table, as in every model
of this codebase; the encoder assembles the full position table read-only for its bias terms.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENTS = {}


def register_experiment(name):
    def wrap(fn):
        EXPERIMENTS[name] = fn
        return fn
    return wrap


def with_overrides(cfg, overrides):
    changes = {}
    for item in overrides:
        key, _, value = item.partition("=")
        current = getattr(cfg, key)
        if isinstance(current, tuple):
            changes[key] = tuple(type(current[0])(v) for v in value.split(","))
        else:
            changes[key] = type(current)(value)
    return dataclasses.replace(cfg, **changes)


@dataclasses.dataclass(frozen=True)
class SeqConfig:
    mesh_shape: tuple = (2, 4)
    mesh_axes: tuple = ("batch", "seq")
    max_len: int = 32
    d_model: int = 8


LOGICAL_RULES = {"cards": "batch", "steps": "seq", "pos": None, "embed": None}


# --- sharding utils -------------------------------------------------------------------------

def logical_spec(*names):
    return P(*(LOGICAL_RULES[n] for n in names))


def make_mesh(cfg):
    return jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)


def place(mesh, array, *names):
    return jax.device_put(array, NamedSharding(mesh, logical_spec(*names)))


def encode(tokens, pos_table, steps_axis):
    full_pos = jax.lax.all_gather(pos_table, steps_axis, axis=0, tiled=True, to="reduced")
    bias = full_pos.sum(axis=1)
    return tokens, bias


@register_experiment("card_history_encoder")
def card_history_encoder(cfg, tokens, pos_table):
    mesh = make_mesh(cfg)
    tokens = place(mesh, tokens, "cards", "steps", "embed")
    pos_table = place(mesh, pos_table, "pos", "embed")
    body = functools.partial(encode, steps_axis=LOGICAL_RULES["steps"])
    return jax.shard_map(body, mesh=mesh,
                         in_specs=(logical_spec("cards", "steps", "embed"), logical_spec("pos", "embed")),
                         out_specs=(logical_spec("cards", "steps", "embed"), P(reduced={"seq"})))(tokens, pos_table)


def inputs():
    rng = np.random.default_rng(50)
    tokens = rng.normal(size=(8, 32, 8)).astype(np.float32)
    pos_table = rng.normal(size=(8, 8)).astype(np.float32)
    return tokens, pos_table


def main(tokens, pos_table):
    cfg = with_overrides(SeqConfig(), ["max_len=32"])
    return EXPERIMENTS["card_history_encoder"](cfg, tokens, pos_table)


if __name__ == "__main__":
    main(*inputs())
