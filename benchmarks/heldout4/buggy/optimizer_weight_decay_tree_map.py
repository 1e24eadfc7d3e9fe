"""An AdamW-like update built with jax.tree.map over params, grads and two moment trees. The
FSDP parameters are gathered (reduced) once per step and decayed in their gathered form."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FSDP = "fsdp"
HP = {"lr": 1e-2, "b1": 0.9, "b2": 0.99, "wd": 0.01, "eps": 1e-8}


def gather_params(params):
    return jax.tree.map(lambda p: jax.lax.all_gather(p, FSDP, axis=0, tiled=True, to="reduced"), params)


def adamw(params, grads, mu, nu, hp=HP):
    mu = jax.tree.map(lambda m, g: hp["b1"] * m + (1 - hp["b1"]) * g, mu, grads)
    nu = jax.tree.map(lambda v, g: hp["b2"] * v + (1 - hp["b2"]) * g * g, nu, grads)
    full = gather_params(params)
    decayed = jax.tree.map(lambda p: p * (1 - hp["lr"] * hp["wd"]), full)
    upd = jax.tree.map(lambda m, v: hp["lr"] * m / (jnp.sqrt(v) + hp["eps"]), mu, nu)
    return decayed, upd


def inputs():
    w = np.arange(16 * 4, dtype=np.float32).reshape(16, 4) / 64.0
    return (w,)


def main(w):
    mesh = jax.make_mesh((8,), (FSDP,))
    params = {"dense": {"kernel": w}}
    grads = jax.tree.map(lambda p: np.full_like(p, 0.1), params)
    mu = jax.tree.map(np.zeros_like, params)
    nu = jax.tree.map(np.zeros_like, params)
    put = lambda t: jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P(FSDP))), t)
    params, grads, mu, nu = map(put, (params, grads, mu, nu))
    spec = {"dense": {"kernel": P(FSDP)}}
    out = {"dense": {"kernel": P(reduced={FSDP})}}
    f = jax.shard_map(adamw, mesh=mesh, in_specs=(spec, spec, spec, spec), out_specs=(out, spec))
    return f(params, grads, mu, nu)


if __name__ == "__main__":
    print(main(*inputs()))
