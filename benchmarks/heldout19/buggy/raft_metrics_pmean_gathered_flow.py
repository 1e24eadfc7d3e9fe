"""RAFT training step metrics: end-point error reducers kept in a dict."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PIXELS = "pix"

REDUCERS = {
    "epe": lambda v, ax: jax.lax.pmean(jnp.abs(v).sum(axis=(1, 2)), ax),
    "max_flow": lambda v, ax: jax.lax.pmax(jnp.max(v), ax),
}


def refine(flow, delta):
    return flow + delta


def step_body(flow, delta, gt):
    flow = refine(flow, delta)
    err = flow - gt
    err_full = jax.lax.all_gather(err, PIXELS, axis=1, tiled=True, to="reduced")
    metrics = {"epe": REDUCERS["epe"](err_full, PIXELS)}
    return flow, metrics


def main(flow, delta, gt):
    mesh = jax.make_mesh((2, 4), ("batch", PIXELS))
    spec = P("batch", PIXELS, None)
    flow, delta, gt = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (flow, delta, gt))
    step = jax.shard_map(step_body, mesh=mesh, in_specs=(spec, spec, spec),
                         out_specs=(spec, {"epe": P("batch")}))
    return step(flow, delta, gt)


def inputs():
    rng = np.random.default_rng(2)
    return tuple(rng.standard_normal((4, 16, 2), dtype=np.float32) for _ in range(3))
