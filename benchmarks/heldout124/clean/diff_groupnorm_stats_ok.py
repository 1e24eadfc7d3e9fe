"""launchers/diffusion/groupnorm_probe.py: spatially sharded GroupNorm with activation stats.

The stats probe reports the mean activation variance over the whole mesh to the metrics
collector on process 0; the probe's axes default to every mesh axis.
"""
import os
import signal
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

GROUPS = 2
EPS = 1e-5


def build_mesh(names=("batch", "spatial")):
    spatial = int(os.environ.get("SPATIAL_PARALLELISM", "4"))
    devs = np.asarray(jax.devices()).reshape(-1, spatial)
    return Mesh(devs, names, axis_types=(jax.sharding.AxisType.Explicit,) * 2)


def group_norm(x, spatial_axis):
    b, h, c = x.shape
    g = x.reshape(b, h, GROUPS, c // GROUPS)
    mean = jax.lax.pmean(jnp.mean(g, axis=(1, 3), keepdims=True), spatial_axis)
    var = jax.lax.pmean(jnp.mean((g - mean) ** 2, axis=(1, 3), keepdims=True), spatial_axis)
    return ((g - mean) / jnp.sqrt(var + EPS)).reshape(b, h, c), var


def make_probe(mesh, probe_axes):
    def body(x):
        y, var = group_norm(x, "spatial")
        mean_var = jax.lax.pmean(jnp.mean(var), probe_axes)
        return y, mean_var

    return jax.jit(jax.shard_map(body, mesh=mesh,
                                 in_specs=P("batch", "spatial", None),
                                 out_specs=(P("batch", "spatial", None), P())))


def install_handlers():
    def dump_and_exit(signum, frame):
        print("SIGINT: stopping probe", file=sys.stderr)
        sys.exit(130)

    signal.signal(signal.SIGINT, dump_and_exit)


def main(probe_axes):
    install_handlers()
    mesh = build_mesh()
    probe_axes = probe_axes or tuple(mesh.axis_names)[:1]
    rng = np.random.default_rng(9)
    x = rng.standard_normal((4, 8, 4)).astype(np.float32) * 3 + 1
    xs = jax.make_array_from_process_local_data(
        NamedSharding(mesh, P("batch", "spatial", None)), x)
    with jax.set_mesh(mesh):
        y, mean_var = make_probe(mesh, probe_axes)(xs)
    if jax.process_index() == 0:
        print("mean var", float(mean_var))
    return y


def probe_report(mean_var, probe_axes):
    if jax.process_index() != 0:
        return ""
    return "groupnorm probe over {}: mean variance {:.4f}".format(
        "x".join(probe_axes), float(mean_var))


def inputs():
    env = os.environ.get("PROBE_AXES")
    return (tuple(env.split(",")) if env else None,)


if __name__ == "__main__":
    main(*inputs())
