"""Read-only axis registry exposed as types.MappingProxyType."""
import types

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_AXES = {"batch": "data", "experts": "model"}
AXES = types.MappingProxyType(_AXES)


def router(logits):
    load = jax.lax.psum(jnp.sum(jax.nn.softmax(logits, axis=-1), axis=0, keepdims=True), AXES["batch"])
    return jax.lax.all_gather(load, AXES["batch"], axis=0, tiled=True, to="reduced")


def inputs():
    return (np.random.default_rng(43).normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    mesh = jax.make_mesh((4, 2), (AXES["batch"], AXES["experts"]))
    spec = P(AXES["batch"], AXES["experts"])
    fn = jax.shard_map(router, mesh=mesh, in_specs=spec,
                       out_specs=P(None, AXES["experts"], reduced={AXES["batch"]}))
    return fn(jax.device_put(logits, NamedSharding(mesh, spec)))


if __name__ == "__main__":
    main(*inputs())
