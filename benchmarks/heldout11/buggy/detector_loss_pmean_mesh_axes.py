"""Faster R-CNN-like RPN losses: objectness per shard, box loss summed over anchors first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def make_loss(mesh):
    axes = tuple(mesh.axis_names)

    def rpn_losses(obj_logits, obj_tgt, box_pred, box_tgt):
        obj = jnp.mean(jnp.logaddexp(0.0, obj_logits) - obj_logits * obj_tgt)
        box = jax.lax.psum(jnp.sum(jnp.abs(box_pred - box_tgt)), "anc")
        losses = {"objectness": obj, "box": box}
        return {k: jax.lax.pmean(v, axes) for k, v in losses.items()}

    return rpn_losses


def inputs():
    r = np.random.RandomState(11)
    return (r.randn(4, 16).astype(np.float32), (r.rand(4, 16) > 0.5).astype(np.float32),
            r.randn(4, 16).astype(np.float32), r.randn(4, 16).astype(np.float32))


def main(obj_logits, obj_tgt, box_pred, box_tgt):
    mesh = jax.make_mesh((2, 4), ("img", "anc"))
    spec = P("img", "anc")
    args = [jax.device_put(a, NamedSharding(mesh, spec)) for a in (obj_logits, obj_tgt, box_pred, box_tgt)]
    return jax.shard_map(make_loss(mesh), mesh=mesh, in_specs=(spec,) * 4, out_specs=P())(*args)


if __name__ == "__main__":
    print(main(*inputs()))
