"""Ecology ABM: each tick animals migrate one patch along a ring of habitat shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PATCH_SHARDS = 4
TICK_HOOKS = []


def on_tick(fn):
    TICK_HOOKS.append(fn)
    return fn


def migrate_step(mesh, axis):
    shift = [(i, (i + 1) % N_PATCH_SHARDS) for i in range(N_PATCH_SHARDS)]

    def body(density):
        landscape = jax.lax.all_gather(density, axis, axis=0, tiled=True, to="reduced")
        incoming = jax.lax.ppermute(landscape[: density.shape[0]], axis, perm=shift)
        return 0.7 * density + 0.3 * incoming
    return jax.shard_map(body, mesh=mesh, in_specs=P(axis, "traits"), out_specs=P(axis, "traits"))


@on_tick
def migrate(world):
    world["density"] = world["migrate"](world["density"])


@on_tick
def mortality(world):
    world["density"] = world["density"] * 0.99


def inputs():
    return (np.random.default_rng(43).uniform(0, 10, (16, 4)).astype(np.float32),)


def main(density):
    mesh = jax.make_mesh((N_PATCH_SHARDS, 2), ("patches", "traits"))
    world = {
        "density": jax.device_put(density, NamedSharding(mesh, P("patches", "traits"))),
        "migrate": migrate_step(mesh, "patches"),
    }
    for _ in range(3):
        for hook in TICK_HOOKS:
            hook(world)
    print(float(world["density"].sum()))


if __name__ == "__main__":
    main(*inputs())
