"""JSON-schema constrained decoding: token bitmasks from a grammar backend, shared with the router."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ROW_GATHER = dict(axis_name="vocab", axis=1, tiled=True, to="reduced")
TABLE_GATHER = dict(axis_name=("req", "vocab"), axis=0, tiled=True, to="reduced")


class GuidedDecodingBackend(abc.ABC):
    @abc.abstractmethod
    def token_bitmask(self, state_ids, token_classes):
        ...

    def fill_bitmask(self, state_ids, token_classes):
        mask = self.token_bitmask(state_ids, token_classes)
        rows = jax.lax.all_gather(mask, **ROW_GATHER)
        return jax.lax.all_gather(rows, **TABLE_GATHER)


class SchemaBackend(GuidedDecodingBackend):
    def __init__(self, allowed_classes):
        self.allowed_classes = allowed_classes

    def token_bitmask(self, state_ids, token_classes):
        allowed = self.allowed_classes[state_ids[:, 0]]
        return jnp.take_along_axis(allowed, token_classes, axis=1).astype(jnp.float32)


def inputs():
    rng = np.random.default_rng(31)
    state_ids = rng.integers(0, 5, size=(8, 1)).astype(np.int32)
    token_classes = np.broadcast_to(rng.integers(0, 4, size=(1, 32)), (8, 32)).astype(np.int32)
    return state_ids, np.ascontiguousarray(token_classes)


def main(state_ids, token_classes):
    mesh = jax.make_mesh((2, 4), ("req", "vocab"))
    state_ids = jax.device_put(state_ids, NamedSharding(mesh, P("req", None)))
    token_classes = jax.device_put(token_classes, NamedSharding(mesh, P("req", "vocab")))
    backend = SchemaBackend(jnp.asarray(np.random.default_rng(32).random((5, 4)) < 0.6))
    fn = jax.shard_map(backend.fill_bitmask, mesh=mesh, in_specs=(P("req", None), P("req", "vocab")),
                       out_specs=P(None, None, reduced={"req", "vocab"}))
    return fn(state_ids, token_classes)


if __name__ == "__main__":
    main(*inputs())
