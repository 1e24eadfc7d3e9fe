"""Least-squares synchrotron spectral index: normal equations summed over the sky."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SKY_AXES = ("pix", "freq")
NU0 = 30.0
FIT = {"reduce_over": SKY_AXES, "log_nu_spec": P(None, "freq")}


def log_frequency(log_nu):
    return log_nu - jnp.log(NU0)


def fit_body(log_t, log_nu):
    x = log_frequency(log_nu)
    rhs = jax.lax.psum((x * log_t).sum(), FIT["reduce_over"])
    lhs = jax.lax.psum(jax.lax.pcast((x * x).sum() * log_t.shape[0], "pix", to="varying"), FIT["reduce_over"])
    return rhs / lhs


def inputs():
    nu = np.linspace(20.0, 90.0, 8, dtype=np.float32)
    log_t = (-3.0 * np.log(nu / NU0))[None, :] * np.ones((64, 1), np.float32)
    return log_t.astype(np.float32), np.log(nu)[None, :].astype(np.float32)


def main(log_t, log_nu):
    mesh = jax.make_mesh((4, 2), SKY_AXES)
    log_t = jax.device_put(log_t, NamedSharding(mesh, P(*SKY_AXES)))
    log_nu = jax.device_put(log_nu, NamedSharding(mesh, FIT["log_nu_spec"]))
    f = jax.shard_map(fit_body, mesh=mesh, in_specs=(P(*SKY_AXES), FIT["log_nu_spec"]), out_specs=P())
    return f(log_t, log_nu)


if __name__ == "__main__":
    main(*inputs())
