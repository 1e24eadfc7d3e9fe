"""Flax-like logical partitioning: axis rules in a context variable, collectives by logical name."""
import contextlib
import contextvars

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_AXIS_RULES = contextvars.ContextVar("axis_rules", default=())

DEFAULT_RULES = (
    ("batch", ("data", "fsdp")),
    ("vocab", "tensor"),
    ("embed", None),
)


@contextlib.contextmanager
def axis_rules(rules):
    token = _AXIS_RULES.set(tuple(rules))
    try:
        yield
    finally:
        _AXIS_RULES.reset(token)


def logical_to_mesh_axes(*names):
    rules = dict(_AXIS_RULES.get())
    return P(*(rules.get(n) for n in names))


def _mesh_axes(name):
    return dict(_AXIS_RULES.get())[name]


def logical_psum(x, name):
    return jax.lax.psum(x, _mesh_axes(name))


def logical_all_gather(x, name, **kwargs):
    return jax.lax.all_gather(x, _mesh_axes(name), **kwargs)


def token_histogram(ids, vocab_shard):
    local = jnp.sum(ids[..., None] == vocab_shard[None, None, :], axis=(0, 1)).astype(jnp.float32)
    counts = logical_psum(local, "batch")
    per_shard = logical_all_gather(jnp.sum(counts)[None], "batch", tiled=True, to="reduced")
    return counts, per_shard


def inputs():
    rng = np.random.default_rng(36)
    ids = rng.integers(0, 16, (8, 6)).astype(np.int32)
    vocab = np.arange(16, dtype=np.int32)
    return ids, vocab


def main(ids, vocab):
    mesh = jax.make_mesh((2, 2, 2), ("data", "fsdp", "tensor"))
    with axis_rules(DEFAULT_RULES):
        ispec = logical_to_mesh_axes("batch", "embed")
        vspec = logical_to_mesh_axes("vocab")
        ids = jax.device_put(ids, NamedSharding(mesh, ispec))
        vocab = jax.device_put(vocab, NamedSharding(mesh, vspec))
        fn = jax.jit(jax.shard_map(token_histogram, mesh=mesh, in_specs=(ispec, vspec),
                                   out_specs=(vspec, P("tensor", reduced={"data", "fsdp"}))))
        return fn(ids, vocab)


if __name__ == "__main__":
    main(*inputs())
