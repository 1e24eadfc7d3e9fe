"""Rollout of a diffusive emulator on longitude shards with a prescribed insolation forcing."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LON = "lon"


def insolation(toa, axis=LON):
    return jax.lax.all_gather(toa, axis, axis=1, tiled=True, to="reduced")


def halo(x, axis=LON, n=4):
    right = jax.lax.ppermute(x[:, :1], axis, [(i, (i - 1) % n) for i in range(n)])
    return jnp.concatenate([x, right], axis=1)


def make_rollout(steps, kappa=0.1):
    def rollout(state, toa):
        forcing = insolation(toa)

        def body(i, s):
            ext = halo(s)
            return s + kappa * (ext[:, 1:] - s)

        s = jax.lax.fori_loop(0, steps, body, state)
        return s, halo(forcing)

    return rollout


def inputs():
    x = np.linspace(0, 1, 16, dtype=np.float32)
    state = np.stack([x, x ** 2, np.sqrt(x), 1 - x]).astype(np.float32)
    return state, np.cos(np.pi * x)[None].repeat(4, 0).astype(np.float32)


def main(state, toa):
    mesh = jax.make_mesh((2, 4), ("ens", LON))
    spec = P("ens", LON)
    state = jax.device_put(state, NamedSharding(mesh, spec))
    toa = jax.device_put(toa, NamedSharding(mesh, spec))
    run = jax.shard_map(make_rollout(steps=5), mesh=mesh, in_specs=(spec, spec), out_specs=(spec, spec))
    return run(state, toa)


if __name__ == "__main__":
    main(*inputs())
