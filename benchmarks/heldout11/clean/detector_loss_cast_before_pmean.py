"""RPN losses: the box loss, summed over anchors, is cast back to varying before the mesh mean."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss(mesh):
    axes = tuple(mesh.axis_names)

    def rpn_losses(obj_logits, box_pred, box_tgt):
        obj = jnp.mean(jnp.logaddexp(0.0, obj_logits))
        box = jax.lax.psum(jnp.sum(jnp.abs(box_pred - box_tgt)), "anc")
        box = jax.lax.pcast(box, "anc", to="varying")
        losses = {"objectness": obj, "box": box}
        return {k: jax.lax.pmean(v, axes) for k, v in losses.items()}

    return rpn_losses


def inputs():
    r = np.random.RandomState(11)
    return tuple(r.randn(4, 16).astype(np.float32) for _ in range(3))


def main(a, b, c):
    mesh = jax.make_mesh((2, 4), ("img", "anc"))
    spec = P("img", "anc")
    args = [jax.device_put(v, NamedSharding(mesh, spec)) for v in (a, b, c)]
    return jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=(spec,) * 3, out_specs=P())(*args)


if __name__ == "__main__":
    print(main(*inputs()))
