"""Newton load flow: power mismatch reports assembled for the control-room display."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REPORTS = {}


def report(name):
    def register(fn):
        REPORTS[name] = fn
        return fn
    return register


@report("active_mismatch")
def active_mismatch(p_spec, p_calc, axes):
    local = jax.lax.all_gather(p_spec - p_calc, axes[1], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(local, axes, axis=0, tiled=True, to="reduced")


class LoadFlowCase:
    axes = ("area", "bus")

    def __init__(self, mesh, which):
        self.mesh = mesh
        self.report = REPORTS[which]

    def body(self, p_spec, p_calc):
        return self.report(p_spec, p_calc, self.axes)

    def mismatches(self, p_spec, p_calc):
        spec = P(*self.axes)
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=(spec, spec),
                             out_specs=P(None, None, reduced=set(self.axes)))(p_spec, p_calc)


def inputs():
    rng = np.random.default_rng(21)
    p_spec = rng.uniform(-1.0, 1.0, (4, 16)).astype(np.float32)
    p_calc = p_spec + 0.01 * rng.standard_normal((4, 16)).astype(np.float32)
    return p_spec, p_calc


def main(p_spec, p_calc):
    mesh = jax.make_mesh((2, 4), LoadFlowCase.axes)
    sharding = NamedSharding(mesh, P(*LoadFlowCase.axes))
    case = LoadFlowCase(mesh, "active_mismatch")
    return case.mismatches(jax.device_put(p_spec, sharding), jax.device_put(p_calc, sharding))


if __name__ == "__main__":
    main(*inputs())
