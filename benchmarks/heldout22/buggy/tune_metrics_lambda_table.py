"""Autotuner dashboard metrics over the gathered latency table of all candidates."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CAND = "cand"

METRICS = {
    "log_latency": lambda t, base: jnp.log(t),
    "speedup": lambda t, base: base / t,
    "abs_latency": lambda t, base: jnp.abs(t),
}


def dashboard(latencies, baseline):
    table = jax.lax.all_gather(latencies, CAND, axis=0, tiled=True, to="reduced")
    out = {}
    for name, metric in METRICS.items():
        out[name] = metric(table, baseline)
    return out


def inputs():
    rng = np.random.default_rng(67)
    return rng.uniform(0.5, 2.0, size=(8, 3)).astype(np.float32), np.float32(1.0)


def main(latencies, baseline):
    mesh = jax.make_mesh((8,), (CAND,))
    latencies = jax.device_put(latencies, NamedSharding(mesh, P(CAND, None)))
    baseline = jax.device_put(baseline, NamedSharding(mesh, P()))
    out_spec = P(None, None, reduced={CAND})
    fn = jax.shard_map(dashboard, mesh=mesh, in_specs=(P(CAND, None), P()),
                       out_specs={name: out_spec for name in METRICS})
    return fn(latencies, baseline)


if __name__ == "__main__":
    print(main(*inputs()))
