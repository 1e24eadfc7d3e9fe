import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POP, NEURON = "pop", "neuron"
N_POPS = 2
RING = [(i, (i + 1) % N_POPS) for i in range(N_POPS)]
PARAMS = dict(dt=1e-3, tau=2e-2, v_th=1.0, g_lateral=0.5)


def simulate(v0, drive, params=PARAMS):
    def step(v, i_t):
        v = v + params["dt"] / params["tau"] * (-v + i_t)
        fired = jnp.where(v >= params["v_th"], 1.0, 0.0)
        v = v * (1.0 - fired)
        delayed = jax.lax.ppermute(fired, POP, RING)
        v = v + params["g_lateral"] * jax.lax.pmean(jnp.mean(delayed), NEURON)
        return v, jnp.sum(fired, keepdims=True)

    return jax.lax.scan(step, v0, drive)


def inputs():
    rng = np.random.default_rng(62)
    return (rng.uniform(size=(64,)).astype(np.float32),
            rng.uniform(0.5, 2.5, size=(25, 64)).astype(np.float32))


def main(v0, drive):
    mesh = jax.make_mesh((N_POPS, 4), (POP, NEURON))
    cells = P((POP, NEURON))
    v0 = jax.device_put(v0, NamedSharding(mesh, cells))
    drive = jax.device_put(drive, NamedSharding(mesh, P(None, (POP, NEURON))))
    return jax.shard_map(simulate, mesh=mesh, in_specs=(cells, P(None, (POP, NEURON))),
                         out_specs=(cells, P(None, (POP, NEURON))))(v0, drive)


if __name__ == "__main__":
    v, counts = main(*inputs())
    print(counts.sum())
