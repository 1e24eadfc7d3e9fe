"""FETI-DP: multipliers on the subdomain interfaces are scaled by the stiffness of each component."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class FetiDP:
    sub_axis = "sub"
    comp_axis = "comp"

    def jump(self, u_local):
        return u_local[-1:] - u_local[:1]

    def scaled_multipliers(self, u_local, rho):
        lam = jax.lax.all_gather(self.jump(u_local), self.sub_axis, axis=0, tiled=True, to="reduced")
        return lam * rho

    def __call__(self, u_local, rho):
        return self.scaled_multipliers(u_local, rho)


def inputs():
    rng = np.random.default_rng(13)
    return rng.standard_normal((16, 4)).astype(np.float32), np.array([[1.0, 10.0, 100.0, 1000.0]], np.float32)


def main(u, rho):
    feti = FetiDP()
    mesh = jax.make_mesh((4, 2), (feti.sub_axis, feti.comp_axis))
    u = jax.device_put(u, NamedSharding(mesh, P(feti.sub_axis, feti.comp_axis)))
    rho = jax.device_put(rho, NamedSharding(mesh, P(None, feti.comp_axis)))
    run = jax.shard_map(feti, mesh=mesh, in_specs=(P(feti.sub_axis, feti.comp_axis), P(None, feti.comp_axis)),
                        out_specs=P(None, feti.comp_axis))
    return run(u, rho)


if __name__ == "__main__":
    main(*inputs())
