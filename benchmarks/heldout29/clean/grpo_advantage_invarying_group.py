"""GRPO: advantages normalised by the group's reward std, batch kept as a dict pytree."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"rewards": P("prompt", "sample"), "mask": P("prompt", "sample")}


def advantages(batch):
    group = jax.lax.all_gather(batch["rewards"], "sample", axis=1, tiled=True, to="invarying")
    centred = group - group.mean(axis=1, keepdims=True)
    adv = jax.lax.dynamic_slice_in_dim(centred, 0, batch["rewards"].shape[1], axis=1)
    return {"adv": adv * batch["mask"]}


def inputs():
    rng = np.random.default_rng(306)
    return ({"rewards": rng.binomial(1, 0.5, (8, 16)).astype(np.float32),
             "mask": np.ones((8, 16), np.float32)},)


def main(batch):
    mesh = jax.make_mesh((2, 4), ("prompt", "sample"))
    batch = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), batch, SPECS)
    fn = jax.shard_map(advantages, mesh=mesh, in_specs=(SPECS,), out_specs={"adv": P("prompt", "sample")})
    return fn(batch)


if __name__ == "__main__":
    print(main(*inputs()))
