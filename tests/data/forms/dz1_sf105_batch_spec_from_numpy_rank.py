"""A data pipeline places each array of a batch with a spec built from its rank, after making the
batch with a NumPy Generator (`rng.integers(1, 9, (8,))`: size in its place among the positional
arguments), a mask by comparison and `np.where`, cut into batches by slices. The labels are 1-D,
so they enter the body varying on 'i' only, and the loss psum over both axes meets an axis where
they are invariant."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_batches(n, batch):
    rng = np.random.default_rng(0)
    labels = rng.integers(1, 9, (n,)).astype(np.float32)
    mask = rng.random((n,)) < 0.5
    samples = {"labels": np.where(mask, 0.0, labels)}
    return [{k: v[i:i + batch] for k, v in samples.items()} for i in range(0, n, batch)]


def place(batch, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, P("i", "j") if v.ndim == 2 else P("i")))
            for k, v in batch.items()}


def loss(batch):
    return jax.lax.psum(jnp.sum(batch["labels"]), ("i", "j"))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    batch = place(make_batches(16, 8)[0], mesh)
    specs = {k: P("i", "j") if v.ndim == 2 else P("i") for k, v in batch.items()}
    return jax.shard_map(loss, mesh=mesh, in_specs=(specs,), out_specs=P())(batch)


if __name__ == "__main__":
    main()
