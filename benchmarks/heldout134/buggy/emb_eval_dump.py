"""lingvo_lite/eval/softmax_dump.py

Eval-time logit dump for a vocab-sharded softmax. The layer first gathers the logits of its vocab
shard group into full rows, then an eval hook gathers those rows over the axes the experiment
registers for dumps, so the host gets the whole [batch, vocab] matrix.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --

EVAL_HOOKS = {}


def eval_hook(name):
  def wrap(fn):
    EVAL_HOOKS[name] = fn
    return fn
  return wrap


@eval_hook('dump_logits')
def dump_logits(rows, axes):
  return jax.lax.all_gather(rows, axes, axis=0, tiled=True, to='reduced')


class SoftmaxWithDump(BaseLayer):
  HPARAMS = dict(input_dims=0, num_classes=0, hook='dump_logits', dump_axes=None)

  def init(self, key):
    return jax.random.normal(key, (self.input_dims, self.num_classes)) * 0.2

  def fprop(self, mesh, w, x):
    vocab_axis = self.weight_split_dims_mapping.softmax[1]
    hook = EVAL_HOOKS[self.hook]
    dump_axes = tuple(self.dump_axes)

    def body(xb, wb):
      logits = xb @ wb
      rows = jax.lax.all_gather(logits, vocab_axis, axis=1, tiled=True, to='reduced')
      return hook(rows, dump_axes)

    return jax.shard_map(body, mesh=mesh,
                         in_specs=(split_spec(self.activation_split_dims_mapping.inp),
                                   split_spec(self.weight_split_dims_mapping.softmax)),
                         out_specs=P(None, None, reduced=set(dump_axes)))(x, w)


@experiment_registry.register
class SoftmaxDump4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'vocab')

  def task(self):
    layer = Config(SoftmaxWithDump, input_dims=8, num_classes=16)
    layer.mesh_axis_names = self.mesh_axis_names
    layer.dump_axes = self.mesh_axis_names
    layer.weight_split_dims_mapping = SplitDims(softmax=(None, 'vocab'))
    layer.activation_split_dims_mapping = SplitDims(inp=('data', None))
    return layer


def top1(host_logits):
  return np.argmax(host_logits, axis=-1)


def inputs():
  return 'SoftmaxDump4x2', np.tile(np.arange(8, dtype=np.float32), (8, 1)) / 8.0


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  w = place(mesh, layer.init(jax.random.PRNGKey(5)), layer.weight_split_dims_mapping.softmax)
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    logits = layer.fprop(mesh, w, x)
  print(top1(np.asarray(logits)))


if __name__ == '__main__':
  main(*inputs())
