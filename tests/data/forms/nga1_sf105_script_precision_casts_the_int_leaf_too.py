"""The plugin here casts every leaf whose kind is not "b": the int32 ids become bfloat16, so the step
sums over one axis only (a model that took every leaf to keep its dtype would report line 21)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


class Precision:
    dtype = jnp.bfloat16

    def convert(self, batch):
        return jax.tree.map(lambda a: a.astype(self.dtype) if a.dtype.kind != "b" else a, batch)


def step(x, axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(x)


def main():
    rng = np.random.default_rng(0)
    batch = {"feats": rng.standard_normal((8, 8)).astype(np.float32),
             "ids": rng.integers(0, 4, size=(8, 8)).astype(np.int32)}
    batch = Precision().convert(batch)
    axes = ("i", "j") if batch["ids"].dtype == np.int32 else ("i",)
    x = jax.device_put(batch["feats"], NamedSharding(MESH, P("i", "j")))
    return step(x, axes)


if __name__ == "__main__":
    main()
