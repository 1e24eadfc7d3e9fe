"""ES with a shared noise table: perturbations built in a fori_loop, then collected on every device."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"workers_axis": "workers", "params_axis": "params", "n_iters": 3}


def accumulate_noise(noise, n_iters):
    def body(i, acc):
        return acc + noise * (i + 1)
    return jax.lax.fori_loop(0, n_iters, body, jnp.zeros_like(noise))


def collect(perturbed):
    ax = CONFIG["workers_axis"]
    seen = jax.lax.all_gather(perturbed, ax, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(seen, ax, axis=0, tiled=True)


def inputs():
    rng = np.random.default_rng(17)
    return (rng.normal(size=(8, 8)).astype(np.float32),)


def main(noise):
    mesh = jax.make_mesh((2, 4), (CONFIG["workers_axis"], CONFIG["params_axis"]))
    spec = P(CONFIG["workers_axis"], CONFIG["params_axis"])
    noise = jax.device_put(noise, NamedSharding(mesh, spec))

    def step(n):
        return collect(accumulate_noise(n, CONFIG["n_iters"]))

    f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(spec,),
                              out_specs=spec))
    return f(noise)
