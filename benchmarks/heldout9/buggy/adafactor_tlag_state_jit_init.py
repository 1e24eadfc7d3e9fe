"""Optimiser state of an Adafactor-like optimiser, initialised by a jitted function with
out_shardings from a table and updated with jax.tree.map over the state and the grads; the
second-moment estimate of the kernel is collected per model shard for a histogram."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PARAM_SPECS = {"kernel": P("data", "model"), "bias": P("model")}
HISTOGRAM_SPECS = {"kernel": P("model", None, reduced={"data"}), "bias": P(None, reduced={"model"})}


def main(params, grads):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    shardings = {k: NamedSharding(mesh, s) for k, s in PARAM_SPECS.items()}
    params = jax.device_put(params, shardings)
    grads = jax.device_put(grads, shardings)
    init = jax.jit(lambda p: jax.tree.map(jnp.zeros_like, p), out_shardings=shardings)
    v = init(params)
    v = jax.tree.map(lambda s, g: 0.8 * s + 0.2 * g * g, v, grads)
    with jax.set_mesh(mesh):
        hist = {name: top_level_all_gather(v[name], HISTOGRAM_SPECS[name]) for name in ("bias", "kernel")}
    return hist


def inputs():
    ks = jax.random.split(jax.random.key(73), 4)
    params = {"kernel": jax.random.normal(ks[0], (8, 16)), "bias": jax.random.normal(ks[1], (16,))}
    grads = {"kernel": jax.random.normal(ks[2], (8, 16)), "bias": jax.random.normal(ks[3], (16,))}
    return params, grads
