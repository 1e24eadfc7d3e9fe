"""LAMB diagnostics: the per-shard squared norms are published before they are summed."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def shard_sq_norms(tree):
    return {k: jnp.sum(v * v)[None] for k, v in tree.items()}


def publish(sq, *, axis_name="tensor"):
    return {k: jax.lax.all_gather(v, axis_name, tiled=True, to="reduced") for k, v in sq.items()}


def trust_ratio(p_sq, u_sq, *, axis_name="tensor"):
    p = jnp.sqrt(jax.lax.psum(p_sq, axis_name))
    u = jnp.sqrt(jax.lax.psum(u_sq, axis_name))
    return jnp.where(u > 0, p / u, 1.0)


def inputs():
    rng = np.random.default_rng(105)
    params = {"attn": rng.normal(size=(8, 16)).astype(np.float32)}
    return params, {"attn": params["attn"] * 0.01}


def main(params, updates):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tensor"))
    spec = P("fsdp", "tensor")
    put = lambda t: {k: jax.device_put(v, NamedSharding(mesh, spec)) for k, v in t.items()}
    params, updates = put(params), put(updates)

    def body(p, u):
        p_sq, u_sq = shard_sq_norms(p), shard_sq_norms(u)
        ratios = {k: trust_ratio(p_sq[k], u_sq[k]) for k in p}
        scaled = {k: u[k] * ratios[k] for k in u}
        return scaled, publish(p_sq)

    return jax.shard_map(body, mesh=mesh, in_specs=({"attn": spec}, {"attn": spec}),
                         out_specs=({"attn": spec}, {"attn": P("fsdp", reduced={"tensor"})}))(params, updates)


if __name__ == "__main__":
    main(*inputs())
