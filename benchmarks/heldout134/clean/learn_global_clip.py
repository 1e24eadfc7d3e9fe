"""lingvo_lite/learners/global_norm_clipping.py

Learner with global-norm gradient clipping for a tensor-parallel weight (columns over 'mdl').
The clipping helper gathers the gradient over the model shards to see the whole matrix, and the
squared norm is then summed over the model axis before the clip factor is taken.
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


class GlobalNormClip(BaseLayer):
  HPARAMS = dict(max_norm=1.0, model_axis=None)

  def sq_norm(self, g):
    return jnp.sum(g * g)

  def fprop(self, g):
    total = jax.lax.psum(self.sq_norm(g), self.model_axis)
    return total


class ClippedSGD(BaseLayer):
  HPARAMS = dict(learning_rate=0.1, clip_tpl=None, data_axis=None)

  def setup(self):
    self.create_child('clip', self.clip_tpl)

  def update(self, w, x, y):
    g = jax.lax.pmean(x.T @ (x @ w - y), self.data_axis)
    sq = self.clip(g)
    scale = jnp.minimum(1.0, self.clip.max_norm / jnp.sqrt(sq + 1e-12))
    return w - self.learning_rate * scale * g


@experiment_registry.register
class Clipped2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def task(self):
    clip = Config(GlobalNormClip, max_norm=0.5, model_axis='mdl')
    return Config(ClippedSGD, learning_rate=0.1, clip_tpl=clip, data_axis='data',
                  weight_split_dims_mapping=SplitDims(w=(None, 'mdl')),
                  activation_split_dims_mapping=SplitDims(x=('data', None), y=('data', 'mdl')))


def build_step(exp, mesh):
  opt = instantiate(exp.task())
  act, wt = opt.activation_split_dims_mapping, opt.weight_split_dims_mapping
  return opt, jax.shard_map(opt.update, mesh=mesh,
                            in_specs=(split_spec(wt.w), split_spec(act.x), split_spec(act.y)),
                            out_specs=split_spec(wt.w))


def inputs():
  rng = np.random.default_rng(52)
  x = rng.standard_normal((8, 4)).astype(np.float32)
  return 'Clipped2x4', x, rng.standard_normal((8, 8)).astype(np.float32)


def main(exp_name, x, y):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  opt, step = build_step(exp, mesh)
  wt, act = opt.weight_split_dims_mapping, opt.activation_split_dims_mapping
  w = place(mesh, np.zeros((4, 8), np.float32), wt.w)
  x, y = place(mesh, x, act.x), place(mesh, y, act.y)
  with jax.set_mesh(mesh):
    for _ in range(2):
      w = step(w, x, y)
  print(w.shape)


if __name__ == '__main__':
  main(*inputs())
