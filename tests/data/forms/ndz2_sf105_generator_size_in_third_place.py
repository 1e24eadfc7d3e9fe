"""As dz1, but the Generator is given its size third, `rng.integers(8, 9, (n, 8))`: the labels
are 2-D and enter the body varying on both axes, so the psum over both is accepted (the first
positional argument is `low`, not the size)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_batches(n, batch):
    rng = np.random.default_rng(0)
    labels = rng.integers(8, 9, (n, 8)).astype(np.float32)
    mask = rng.random((n, 8)) < 0.5
    samples = {"labels": np.where(mask, 0.0, labels)}
    return [{k: v[i:i + batch] for k, v in samples.items()} for i in range(0, n, batch)]


def place(batch, mesh):
    return {k: jax.device_put(v, NamedSharding(mesh, P("i", "j") if v.ndim == 2 else P("i")))
            for k, v in batch.items()}


def loss(batch):
    return jax.lax.psum(jnp.sum(batch["labels"]), ("i", "j"))


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    batch = place(make_batches(16, 8)[0], mesh)
    specs = {k: P("i", "j") if v.ndim == 2 else P("i") for k, v in batch.items()}
    return jax.shard_map(loss, mesh=mesh, in_specs=(specs,), out_specs=P())(batch)


if __name__ == "__main__":
    main()
