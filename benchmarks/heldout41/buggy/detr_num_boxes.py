"""DETR SetCriterion: the box-count normaliser shared by all replicas, as in the reference code."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class SetCriterion:
    def __init__(self, num_classes, weight_dict, axis_name="batch"):
        self.num_classes = num_classes
        self.weight_dict = weight_dict
        self.axis_name = axis_name

    def get_num_boxes(self, target_valid):
        num_boxes = jnp.sum(target_valid)
        num_boxes = jax.lax.psum(num_boxes, self.axis_name)
        return jax.lax.all_gather(jnp.maximum(num_boxes, 1.0), self.axis_name, to="reduced")

    def loss_boxes(self, pred_boxes, target_boxes, target_valid):
        l1 = jnp.abs(pred_boxes - target_boxes).sum(axis=-1) * target_valid
        return l1.sum()

    def __call__(self, pred_boxes, target_boxes, target_valid):
        num_boxes = self.get_num_boxes(target_valid)
        loss = self.loss_boxes(pred_boxes, target_boxes, target_valid)
        return {"loss_bbox": loss * self.weight_dict["loss_bbox"], "num_boxes": num_boxes}


def inputs():
    rng = np.random.default_rng(8)
    pred = rng.uniform(size=(8, 10, 4)).astype(np.float32)
    tgt = rng.uniform(size=(8, 10, 4)).astype(np.float32)
    valid = (rng.uniform(size=(8, 10)) > 0.5).astype(np.float32)
    return pred, tgt, valid


def main(pred, tgt, valid):
    mesh = jax.make_mesh((2, 4), ("batch", "query"))
    box = P("batch", None, None)
    pred = jax.device_put(pred, NamedSharding(mesh, box))
    tgt = jax.device_put(tgt, NamedSharding(mesh, box))
    valid = jax.device_put(valid, NamedSharding(mesh, P("batch", None)))
    criterion = SetCriterion(num_classes=91, weight_dict={"loss_bbox": 5.0})
    out_specs = {"loss_bbox": P("batch"), "num_boxes": P(None, reduced={"batch"})}
    losses = jax.shard_map(lambda p, t, v: {k: jnp.atleast_1d(x) if k == "loss_bbox" else x
                                             for k, x in criterion(p, t, v).items()},
                           mesh=mesh, in_specs=(box, box, P("batch", None)), out_specs=out_specs)
    return losses(pred, tgt, valid)


if __name__ == "__main__":
    main(*inputs())
