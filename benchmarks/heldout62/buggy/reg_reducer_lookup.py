"""Pooling heads whose reduction is looked up in a registry of named reducers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Registry(dict):
    def register(self, name, fn=None):
        if fn is None:
            return lambda f: self.register(name, f)
        self[name] = fn
        return fn


REDUCERS = Registry()
REDUCERS.register("sum", jax.lax.psum)
REDUCERS.register("max", jax.lax.pmax)
REDUCERS.register("mean", jax.lax.pmean)


class TokenPooling:
    gather_axis = "tp"
    reduce_axis = "tp"

    def __init__(self, reduction="max"):
        self.reduce = REDUCERS[reduction]

    def gather_tokens(self, h):
        return jax.lax.all_gather(h, self.gather_axis, axis=1, to="reduced", tiled=True)

    def __call__(self, h):
        tokens = self.gather_tokens(h)
        pooled = self.reduce(tokens, self.reduce_axis)
        return pooled.sum(axis=1)


def inputs():
    return np.random.default_rng(13).normal(size=(8, 16)).astype(np.float32),


def main(h):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    h = jax.device_put(h, NamedSharding(mesh, P("fsdp", "tp")))
    head = TokenPooling("max")
    return jax.shard_map(head, mesh=mesh, in_specs=P("fsdp", "tp"), out_specs=P("fsdp"))(h)


if __name__ == "__main__":
    main(*inputs())
