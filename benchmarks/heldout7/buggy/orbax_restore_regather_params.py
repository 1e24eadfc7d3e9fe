"""Checkpoint restore (orbax-like): saved arrays re-placed on a new mesh, then regathered inside the step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RESTORE_SPECS = {"embed": P("fsdp", None), "head": P(None, "fsdp")}


def restore(mesh, saved, specs=RESTORE_SPECS):
    return {k: jax.device_put(np.asarray(v), NamedSharding(mesh, specs[k])) for k, v in saved.items()}


def gather(x, axis, dim):
    return jax.lax.all_gather(x, axis, axis=dim, tiled=True, to="invarying")


def inputs():
    rng = np.random.default_rng(20)
    saved = {"embed": rng.normal(size=(16, 4)).astype(np.float32),
             "head": rng.normal(size=(4, 16)).astype(np.float32)}
    return saved, rng.normal(size=(2, 16)).astype(np.float32)


def main(saved, x):
    mesh = jax.make_mesh((8,), ("fsdp",))
    params = restore(mesh, saved)
    x = jax.device_put(x, NamedSharding(mesh, P()))

    def step(p, x):
        embed = jax.lax.all_gather(p["embed"], "fsdp", axis=0, tiled=True, to="reduced")
        h = jnp.tanh(x @ embed)
        head = gather(p["head"], "fsdp", 1)
        logits = h @ head
        warm = gather(embed, "fsdp", 0)
        return logits, warm

    return jax.shard_map(step, mesh=mesh, in_specs=(RESTORE_SPECS, P()), out_specs=(P(), P()))(params, x)


if __name__ == "__main__":
    print(main(*inputs()))
