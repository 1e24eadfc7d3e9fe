"""Ecology ABM: animals migrate one patch along the ring by a ppermute of the local block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 4
HOOKS = []


def hook(fn):
    HOOKS.append(fn)
    return fn


def make_migrate(mesh, axis):
    perm = [(i, (i + 1) % N) for i in range(N)]

    def body(density):
        incoming = jax.lax.ppermute(density, axis, perm=perm)
        return 0.7 * density + 0.3 * incoming
    return jax.shard_map(body, mesh=mesh, in_specs=P(axis, "traits"), out_specs=P(axis, "traits"))


@hook
def migrate(world):
    world["density"] = world["migrate"](world["density"])


@hook
def mortality(world):
    world["density"] = world["density"] * 0.99


def inputs():
    return (np.random.default_rng(43).uniform(0, 10, (16, 4)).astype(np.float32),)


def main(density):
    mesh = jax.make_mesh((N, 2), ("patches", "traits"))
    world = {"density": jax.device_put(density, NamedSharding(mesh, P("patches", "traits"))),
             "migrate": make_migrate(mesh, "patches")}
    for _ in range(3):
        for h in HOOKS:
            h(world)
    print(float(world["density"].sum()))


if __name__ == "__main__":
    main(*inputs())
