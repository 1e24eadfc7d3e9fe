"""lm_clip_grad_norm.py: clip_grad_norm_ for a DDP + tensor-parallel language-model head."""
import contextlib

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# --- torchish: the torch.nn / torch.distributed / DataLoader bits our port uses (pasted) -----


class Module:
    def __init__(self):
        object.__setattr__(self, "_params", {})
        object.__setattr__(self, "_buffers", {})
        object.__setattr__(self, "_modules", {})
        object.__setattr__(self, "training", True)

    def __setattr__(self, name, value):
        if isinstance(value, Module):
            self._modules[name] = value
        object.__setattr__(self, name, value)

    def register_parameter(self, name, value):
        self._params[name] = value
        object.__setattr__(self, name, value)

    def register_buffer(self, name, value):
        self._buffers[name] = value
        object.__setattr__(self, name, value)

    def named_parameters(self, prefix=""):
        yield from ((prefix + k, v) for k, v in self._params.items())
        for name, m in self._modules.items():
            yield from m.named_parameters(prefix + name + ".")

    def state_dict(self, prefix=""):
        out = {prefix + k: v for k, v in {**self._params, **self._buffers}.items()}
        for name, m in self._modules.items():
            out.update(m.state_dict(prefix + name + "."))
        return out

    def load_state_dict(self, sd, prefix=""):
        for k in list(self._params):
            self.register_parameter(k, sd[prefix + k])
        for k in list(self._buffers):
            self.register_buffer(k, sd[prefix + k])
        for name, m in self._modules.items():
            m.load_state_dict(sd, prefix + name + ".")
        return self

    def train(self, mode=True):
        object.__setattr__(self, "training", mode)
        for m in self._modules.values():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def to(self, device):
        return self

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)


class ModuleList(Module):
    def __init__(self, mods):
        super().__init__()
        for i, m in enumerate(mods):
            setattr(self, str(i), m)

    def __iter__(self):
        return iter(self._modules.values())


class ReduceOp:
    SUM, AVG, MAX = "sum", "avg", "max"


class ProcessGroup:
    def __init__(self, axes):  # the mesh axes the group's ranks span
        self.axes = tuple(axes) if isinstance(axes, (tuple, list)) else (axes,)

    @property
    def axis(self):
        return self.axes[0] if len(self.axes) == 1 else self.axes


class _Distributed:
    mesh = WORLD = None

    def init_process_group(self, backend="xla", mesh=None):
        self.mesh, self.WORLD = mesh, ProcessGroup(mesh.axis_names)

    def new_group(self, ranks=None, axes=None):
        return ProcessGroup(axes)

    def get_world_size(self, group=None):
        return int(np.prod([self.mesh.shape[a] for a in (group or self.WORLD).axes]))

    def get_rank(self, group=None):
        return jax.lax.axis_index((group or self.WORLD).axis)

    def all_reduce(self, tensor, op=ReduceOp.SUM, group=None):
        axis = (group or self.WORLD).axis
        if op == ReduceOp.AVG:
            return jax.lax.pmean(tensor, axis)
        if op == ReduceOp.MAX:
            return jax.lax.pmax(tensor, axis)
        return jax.lax.psum(tensor, axis)

    def all_gather(self, tensor, group=None, dim=0, to="invarying"):
        return jax.lax.all_gather(tensor, (group or self.WORLD).axis, axis=dim, tiled=True, to=to)

    def reduce_scatter(self, tensor, group=None, dim=0):
        return jax.lax.psum_scatter(tensor, (group or self.WORLD).axis, scatter_dimension=dim,
                                    tiled=True)


dist = _Distributed()


class DistributedDataParallel(Module):
    def __init__(self, module, process_group=None):
        super().__init__()
        self.module, self.process_group = module, process_group

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def sync_gradients(self, grads):
        return jax.tree.map(
            lambda g: dist.all_reduce(g, op=ReduceOp.AVG, group=self.process_group), grads)


@contextlib.contextmanager
def no_grad():
    yield


class DataLoader:
    def __init__(self, dataset, batch_size=1, drop_last=True):
        self.dataset, self.batch_size, self.drop_last = dataset, batch_size, drop_last

    def __iter__(self):
        for s in range(0, len(self.dataset), self.batch_size):
            idx = range(s, min(s + self.batch_size, len(self.dataset)))
            if len(idx) < self.batch_size and self.drop_last:
                return
            yield tuple(np.stack(col) for col in zip(*(self.dataset[i] for i in idx)))


class SGD:
    def __init__(self, params, lr=0.1):
        self.params, self.lr, self.grads = params, lr, None

    def zero_grad(self):
        self.grads = None

    def step(self):
        self.params = jax.tree.map(lambda p, g: p - self.lr * g, self.params, self.grads)
        return self.params

# --------------------------------------------------------------------------- end torchish


class Corpus:
    def __init__(self, n=32, dim=8, vocab=16):
        rng = np.random.default_rng(9)
        self.h = rng.normal(size=(n, dim)).astype(np.float32)
        self.t = rng.integers(0, vocab, size=n).astype(np.int32)

    def __len__(self):
        return len(self.t)

    def __getitem__(self, i):
        return self.h[i], self.t[i]


class TPHead(Module):
    def __init__(self, mesh, dim=8, vocab=16):
        super().__init__()
        self.register_parameter("proj", jax.device_put(np.eye(dim, dtype=np.float32),
                                                       NamedSharding(mesh, P())))
        self.register_parameter("out", jax.device_put(np.zeros((dim, vocab), np.float32),
                                                      NamedSharding(mesh, P(None, "tp"))))

    def forward(self, params, h):
        return (h @ params["proj"]) @ params["out"]


def clip_grad_norm_(grads, max_norm, group=None):
    """torch.nn.utils.clip_grad_norm_, with the squared norms summed over `group`."""
    sq = sum(jnp.sum(g.astype(jnp.float32) ** 2) for g in jax.tree.leaves(grads))
    total = jnp.sqrt(dist.all_reduce(sq, group=group))
    scale = jnp.minimum(1.0, max_norm / (total + 1e-6))
    return jax.tree.map(lambda g: g * scale, grads), total


def vocab_parallel_ce(local_logits, targets, tp):
    m = dist.all_reduce(jax.lax.stop_gradient(jnp.max(local_logits, axis=1)), ReduceOp.MAX, tp)
    z = dist.all_reduce(jnp.sum(jnp.exp(local_logits - m[:, None]), axis=1), group=tp)
    lo = dist.get_rank(tp) * local_logits.shape[1]
    hit = (targets >= lo) & (targets < lo + local_logits.shape[1])
    idx = jnp.clip(targets - lo, 0, local_logits.shape[1] - 1)
    picked = jnp.where(hit, jnp.take_along_axis(local_logits, idx[:, None], axis=1)[:, 0], 0.0)
    return jnp.mean(jnp.log(z) + m - dist.all_reduce(picked, group=tp))


def inputs():
    return (3, 0.5)


def main(epochs, max_norm):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    dist.init_process_group(mesh=mesh)
    ddp = DistributedDataParallel(TPHead(mesh), process_group=dist.new_group(axes="dp"))
    tp = dist.new_group(axes="tp")
    pspec = {"proj": P(), "out": P(None, "tp")}

    def step(params, h, t):
        loss, grads = jax.value_and_grad(lambda p: vocab_parallel_ce(ddp(p, h), t, tp))(params)
        grads = ddp.sync_gradients(grads)
        grads, norm = clip_grad_norm_(grads, max_norm)
        return dist.all_reduce(loss, ReduceOp.AVG, ddp.process_group), grads, norm

    train_step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(pspec, P("dp"), P("dp")),
                                       out_specs=(P(), pspec, P())))
    opt = SGD(ddp.module.state_dict(), lr=0.5)
    for epoch in range(epochs):
        for h, t in DataLoader(Corpus(), batch_size=8):
            h, t = (jax.device_put(a, NamedSharding(mesh, P("dp"))) for a in (h, t))
            opt.zero_grad()
            loss, opt.grads, norm = train_step(opt.params, h, t)
            opt.step()
        print(f"epoch {epoch}: loss {float(loss):.4f} grad norm {float(norm):.4f}")
    assert float(loss) < np.log(16)
    return opt.params


if __name__ == "__main__":
    main(*inputs())
