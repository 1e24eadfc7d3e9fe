"""Fixed-effect inverse-variance meta-analysis of per-site GWAS effect sizes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

META = {"site_axis": "site", "snp_axis": "snp", "method": "ivw"}


def site_weights(se, site_axis):
    w = 1.0 / (se ** 2 + 1e-12)
    return jax.lax.all_gather(w, site_axis, axis=0, tiled=True, to="reduced")


def ivw(beta, se, site_axis="site"):
    w = site_weights(se, site_axis)
    pooled_weight = w.sum(axis=0, keepdims=True)
    return jax.lax.psum(pooled_weight, site_axis)


METHODS = {"ivw": ivw}


def inputs():
    rng = np.random.default_rng(52)
    beta = rng.normal(0, 0.1, size=(4, 32)).astype(np.float32)
    se = rng.uniform(0.02, 0.1, size=(4, 32)).astype(np.float32)
    return beta, se


def main(beta, se, meta=META):
    mesh = jax.make_mesh((2, 4), (meta["site_axis"], meta["snp_axis"]))
    spec = P(meta["site_axis"], meta["snp_axis"])
    beta, se = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (beta, se))
    method = METHODS[meta["method"]]
    f = jax.shard_map(lambda b, s: method(b, s, site_axis=meta["site_axis"]), mesh=mesh,
                      in_specs=(spec, spec), out_specs=P(None, meta["snp_axis"]))
    return f(beta, se)


if __name__ == "__main__":
    main(*inputs())
