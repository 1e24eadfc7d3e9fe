"""Case/control carrier counts per variant, summed over the whole consortium."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONSORTIUM_AXES = ("site", "snp")
consortium_total = functools.partial(jax.lax.psum, axis_name=CONSORTIUM_AXES)


def carriers(genotypes, is_case, snp_axis="snp"):
    carrier = (genotypes > 0).astype(jnp.float32)
    return (carrier * is_case[:, None]).sum()


def total_case_carriers(genotypes, is_case):
    per_site = carriers(genotypes, is_case)
    return consortium_total(per_site)


def inputs():
    rng = np.random.default_rng(54)
    return (rng.integers(0, 3, size=(16, 32)).astype(np.int32),
            (rng.uniform(size=(16,)) > 0.5).astype(np.float32))


def main(genotypes, is_case):
    mesh = jax.make_mesh((2, 4), CONSORTIUM_AXES)
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, P(*CONSORTIUM_AXES)))
    is_case = jax.device_put(is_case, NamedSharding(mesh, P("site")))
    f = jax.shard_map(total_case_carriers, mesh=mesh, in_specs=(P(*CONSORTIUM_AXES), P("site")),
                      out_specs=P())
    return f(genotypes, is_case)


if __name__ == "__main__":
    main(*inputs())
